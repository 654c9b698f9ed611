// Tooth lines for the tooth sets (pg 1): line name, manufacturer, category, material, mould pools.
// Set designation: "<line> Frontzahngarnitur OK A2 Form 14" (6er front, 8er posterior, 28er full set).

export interface ToothLine { line: string; maker: string; cats: string[]; material: string; front: string[]; side: string[]; price: [number, number] }

const FRONT_A = ['11', '12', '13', '14', '15', '16', '17', '18', '21', '22', '23', '24', '26', '27', '31', '32', '34', '41', '42', '44'];
const FRONT_B = ['A11', 'A12', 'A13', 'A14', 'A15', 'A16', 'A24', 'A25', 'A26', 'A31', 'A32', 'A41', 'A42', 'A52', 'A54', 'A66'];
const FRONT_C = ['S3', 'S4', 'S5', 'S6', 'S7', 'T4', 'T5', 'T6', 'T7', 'O3', 'O4', 'O5', 'O6', 'Q3', 'Q5', 'Q7', 'V4', 'V5'];
const SIDE_A = ['N3', 'N4', 'N5', 'N6', 'N7', 'L28', 'L30', 'L32', 'L34', 'B30', 'B32', 'B34'];
const SIDE_B = ['26', '28', '30', '32', '34', '36', 'K28', 'K30', 'K32', 'K34'];
const SIDE_C = ['M20', 'M22', 'M24', 'M26', 'M28', 'LU3', 'LU4', 'LU5', 'LU6', 'LU7', 'SC30', 'SC32'];

export const TOOTH_LINES: ToothLine[] = [
  { line: 'VITAPAN Plus', maker: 'vita', cats: ['front', 'garnituren'], material: 'PMMA', front: FRONT_A, side: SIDE_A, price: [9, 26] },
  { line: 'VITAPAN Excell', maker: 'vita', cats: ['front'], material: 'MRP-Komposit', front: FRONT_B, side: SIDE_A, price: [11, 29] },
  { line: 'VITA MFT', maker: 'vita', cats: ['front', 'seite', 'garnituren'], material: 'PMMA', front: FRONT_A, side: SIDE_B, price: [8, 22] },
  { line: 'VITAPAN Lingoform', maker: 'vita', cats: ['seite'], material: 'PMMA', front: FRONT_A, side: SIDE_A, price: [10, 27] },
  { line: 'VITA PHYSIODENS', maker: 'vita', cats: ['composite'], material: 'MRP-Komposit', front: FRONT_B, side: SIDE_C, price: [14, 34] },
  { line: 'SR Vivodent S PE', maker: 'ivoclar', cats: ['front'], material: 'PMMA', front: FRONT_C, side: SIDE_A, price: [10, 28] },
  { line: 'SR Orthotyp S PE', maker: 'ivoclar', cats: ['seite'], material: 'PMMA', front: FRONT_C, side: SIDE_A, price: [10, 27] },
  { line: 'SR Phonares II', maker: 'ivoclar', cats: ['composite', 'garnituren'], material: 'NHC-Komposit', front: FRONT_C, side: SIDE_C, price: [15, 38] },
  { line: 'Gnathostar', maker: 'ivoclar', cats: ['interim'], material: 'PMMA', front: FRONT_C, side: SIDE_B, price: [5, 14] },
  { line: 'PhysioStar NFC+', maker: 'candulor', cats: ['front'], material: 'NFC+', front: FRONT_B, side: SIDE_C, price: [12, 30] },
  { line: 'CONDYLOform II NFC+', maker: 'candulor', cats: ['seite'], material: 'NFC+', front: FRONT_B, side: SIDE_C, price: [12, 31] },
  { line: 'BonaDent NFC+', maker: 'candulor', cats: ['front', 'seite', 'garnituren'], material: 'NFC+', front: FRONT_B, side: SIDE_C, price: [11, 28] },
  { line: 'Pala Premium 8', maker: 'kulzer', cats: ['front', 'seite'], material: 'PMMA', front: FRONT_A, side: SIDE_B, price: [10, 27] },
  { line: 'Pala Mondial', maker: 'kulzer', cats: ['front', 'seite', 'garnituren'], material: 'PMMA', front: FRONT_A, side: SIDE_B, price: [8, 21] },
  { line: 'Pala Idealis', maker: 'kulzer', cats: ['interim'], material: 'PMMA', front: FRONT_A, side: SIDE_B, price: [5, 13] },
  { line: 'Genios A', maker: 'dentsply', cats: ['front'], material: 'PMMA', front: FRONT_B, side: SIDE_A, price: [10, 26] },
  { line: 'Genios P', maker: 'dentsply', cats: ['seite'], material: 'PMMA', front: FRONT_B, side: SIDE_A, price: [10, 26] },
  { line: 'Artegral', maker: 'merz', cats: ['front', 'seite'], material: 'PMMA', front: FRONT_A, side: SIDE_B, price: [8, 22] },
  { line: 'Polystar Selection', maker: 'merz', cats: ['front', 'seite'], material: 'PMMA', front: FRONT_A, side: SIDE_B, price: [7, 19] },
  { line: 'Gnathos', maker: 'yamahachi', cats: ['front', 'seite'], material: 'PMMA', front: FRONT_C, side: SIDE_C, price: [9, 24] },
  { line: 'Veracia SA', maker: 'shofu', cats: ['composite'], material: 'Komposit', front: FRONT_C, side: SIDE_C, price: [13, 33] },
  { line: 'MajorDent', maker: 'major', cats: ['front', 'seite', 'interim'], material: 'PMMA', front: FRONT_A, side: SIDE_B, price: [6, 16] },
  { line: 'Ruthinium Dual', maker: 'ruthinium', cats: ['front', 'seite'], material: 'PMMA', front: FRONT_A, side: SIDE_B, price: [6, 17] },
  { line: 'SR Vivodent PE', maker: 'ivoclar', cats: ['front'], material: 'PMMA', front: FRONT_C, side: SIDE_A, price: [8, 22] },
  { line: 'SR Orthosit PE', maker: 'ivoclar', cats: ['seite'], material: 'PMMA', front: FRONT_C, side: SIDE_A, price: [8, 22] },
  { line: 'SR Postaris DCL', maker: 'ivoclar', cats: ['seite'], material: 'DCL', front: FRONT_C, side: SIDE_C, price: [11, 29] },
  { line: 'Physioselect TCR', maker: 'candulor', cats: ['front', 'seite'], material: 'TCR', front: FRONT_B, side: SIDE_C, price: [9, 24] },
  { line: 'Bonartic II NFC+', maker: 'candulor', cats: ['seite'], material: 'NFC+', front: FRONT_B, side: SIDE_C, price: [12, 30] },
  { line: 'Pala Premium 6', maker: 'kulzer', cats: ['front'], material: 'PMMA', front: FRONT_A, side: SIDE_B, price: [9, 24] },
  { line: 'Mondial i', maker: 'kulzer', cats: ['front', 'seite'], material: 'PMMA', front: FRONT_A, side: SIDE_B, price: [8, 21] },
];

export const SET_WORDS = {
  front: 'Frontzahngarnitur|anterior set|garniture antérieure|juego anterior|set anteriore|frontgarnituur|komplet przedni',
  seite: 'Seitenzahngarnitur|posterior set|garniture postérieure|juego posterior|set posteriore|posterieure garnituur|komplet boczny',
  voll: 'Vollgarnitur 28 Zähne|full set 28 teeth|garniture complète 28 dents|juego completo 28 dientes|set completo 28 denti|volledige garnituur 28 tanden|komplet pełny 28 zębów',
};

/** Tooth-set categories (carry the tooth properties and S article numbers). */
export const SET_CATS = new Set(['front', 'seite', 'garnituren', 'composite', 'interim']);
