// heic-decode (libheif compiled to WebAssembly) ships no types.
declare module 'heic-decode' {
  interface Decoded { width: number; height: number; data: Uint8ClampedArray }
  interface HeifImage { width: number; height: number; decode(): Promise<Decoded> }
  function decode(opts: { buffer: ArrayBufferLike | Uint8Array }): Promise<Decoded>;
  namespace decode { function all(opts: { buffer: ArrayBufferLike | Uint8Array }): Promise<HeifImage[]> }
  export default decode;
}
