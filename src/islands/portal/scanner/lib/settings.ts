// Typed access to the scanner's persisted settings (section 3: scannerSize 0.5, scannerCheckInverted,
// scannerMode 'info', scannerPatientenarbeit, scannerUser, scannerDevice, scannerTutorialRead).
import { useStore } from '@nanostores/react';
import { $settings } from '#stores/settings.ts';

export type ScannerMode = 'info' | 'log';

/** Scan-area sizes (section 9): extra small, small (recommended), medium, large; the value is the share of the shorter video side. */
export const SCAN_SIZES = [
  { key: 'xs', value: 0.35 },
  { key: 's', value: 0.5 },
  { key: 'm', value: 0.7 },
  { key: 'l', value: 0.9 },
] as const;
export const DEFAULT_SIZE = 0.5;

export interface ScannerSettings {
  size: number; checkInverted: boolean; mode: ScannerMode; patientenarbeit: number | null;
  user: number; device: string; tutorialRead: boolean; mdrTutorialRead: boolean;
}

function sizeOf(s: string): number {
  const n = Number(s);
  return SCAN_SIZES.some((x) => x.value === n) ? n : DEFAULT_SIZE;
}

export function readScannerSettings(s = $settings.get()): ScannerSettings {
  const work = Number(s.scannerPatientenarbeit);
  return {
    size: sizeOf(s.scannerSize),
    checkInverted: s.scannerCheckInverted === '1',
    mode: s.scannerMode === 'log' ? 'log' : 'info',
    patientenarbeit: Number.isInteger(work) && work > 0 ? work : null,
    user: Math.max(0, Number(s.scannerUser) || 0),
    device: s.scannerDevice || '',
    tutorialRead: s.scannerTutorialRead === '1',
    mdrTutorialRead: s.scannerMdrTutorialRead === '1',
  };
}

export function useScannerSettings(): ScannerSettings {
  return readScannerSettings(useStore($settings));
}

export const setScanner = {
  size: (v: number) => $settings.setKey('scannerSize', String(sizeOf(String(v)))),
  checkInverted: (on: boolean) => $settings.setKey('scannerCheckInverted', on ? '1' : '0'),
  mode: (m: ScannerMode) => $settings.setKey('scannerMode', m),
  patientenarbeit: (id: number | null) => $settings.setKey('scannerPatientenarbeit', id ? String(id) : ''),
  device: (id: string) => $settings.setKey('scannerDevice', id),
  tutorialRead: (on: boolean) => $settings.setKey('scannerTutorialRead', on ? '1' : '0'),
  mdrTutorialRead: (on: boolean) => $settings.setKey('scannerMdrTutorialRead', on ? '1' : '0'),
};
