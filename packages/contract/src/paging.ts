import { z } from 'zod';

/** Paging query (brief §2): `pNum` is 1-based. Query strings arrive as text, hence coerce. */
export const pagingQuerySchema = z.strictObject({
  // pNum × pSize becomes an OFFSET: bounded so it stays a number PostgreSQL takes.
  pNum: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    dataList: z.array(item),
    totalCount: z.number().int(),
    pNum: z.number().int(),
    pSize: z.number().int(),
  });
}

export interface Page<T> {
  dataList: T[];
  totalCount: number;
  pNum: number;
  pSize: number;
}
