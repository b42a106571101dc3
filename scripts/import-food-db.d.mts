/** Types of scripts/import-food-db.mjs, for its test (apps/server/src/modules/diet/import-food-db.test.ts). */
export const SEED_FILE: string;
export function decodeCsv(bytes: Uint8Array): string;
export function parseCsv(text: string): string[][];
export function gramsOf(value: string | undefined): number | null;
export interface OfficialFood {
  code: string;
  name: string;
  reference: number | null;
  serving: number | null;
  figures: Record<'kcal' | 'carbG' | 'proteinG' | 'fatG' | 'sugarsG' | 'sodiumMg', number | null>;
}
export function readOfficial(text: string): { byName: Map<string, OfficialFood>; releaseDate: string | null };
export interface SeedRow {
  line: string;
  code: string;
  category: string;
  name: string;
  servingG: number;
  figures: number[];
}
export function readSeedRows(source: string): SeedRow[];
export function importFigures(
  seedRows: SeedRow[],
  official: { byName: Map<string, OfficialFood> },
  map?: Map<string, string>,
): { lines: string[]; updated: number; unmatched: string[]; incomplete: string[] };
export function rewriteSeed(source: string, lines: string[], releaseDate: string | null): string;
export function readMap(text: string): Map<string, string>;
