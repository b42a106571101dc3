/** subset-font 2.9 ships no types: the one call the certificate PDF uses (issue 16). */
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    preserveNameIds?: number[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  /** A font holding only the glyphs of `text`, made by HarfBuzz's hb-subset (WebAssembly). */
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: SubsetFontOptions,
  ): Promise<Buffer>;
}
