import { messages } from '@electric-sql/pglite';

/**
 * Reads the backend's replies to one Parse/Describe or Bind/Execute exchange, straight from
 * the bytes PGlite's backend writes (PostgreSQL protocol 3, §55.7). PGlite's own reader
 * copies every field into a fresh ArrayBuffer before decoding it; on a profile row that was
 * nearly half the cost of a statement. Values are decoded from views of one buffer here.
 */

export interface Column {
  name: string;
  typeId: number;
}

export interface Replies {
  /** From ParameterDescription (Describe of a statement). */
  paramTypes: number[];
  /** From RowDescription; undefined when the reply had none (NoData, or Execute alone). */
  columns: Column[] | undefined;
  /** Each DataRow's fields as text (null for SQL NULL), in column order. */
  rows: (string | null)[][];
  /** Rows inserted, updated, deleted, merged or copied, as PGlite's query() counts them. */
  affectedRows: number;
  /** The first ErrorResponse, shaped as PGlite's own errors (code, detail, constraint, …). */
  error: messages.DatabaseError | undefined;
}

const decoder = new TextDecoder();
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

export function readReplies(bytes: Uint8Array): Replies {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const replies: Replies = {
    paramTypes: [],
    columns: undefined,
    rows: [],
    affectedRows: 0,
    error: undefined,
  };
  let offset = 0;
  const cstring = () => {
    const end = bytes.indexOf(0, offset);
    if (end < 0) throw new Error('PGlite reply: unterminated string');
    const text = decoder.decode(bytes.subarray(offset, end));
    offset = end + 1;
    return text;
  };

  while (offset < bytes.length) {
    if (offset + 5 > bytes.length) throw new Error('PGlite reply: truncated message header');
    const type = bytes[offset]!;
    const length = view.getInt32(offset + 1);
    const end = offset + 1 + length;
    if (length < 4 || end > bytes.length) throw new Error('PGlite reply: truncated message');
    offset += 5;
    switch (type) {
      case 0x74: {
        // 't' ParameterDescription
        const count = view.getInt16(offset);
        offset += 2;
        for (let i = 0; i < count; i++, offset += 4) replies.paramTypes.push(view.getUint32(offset));
        break;
      }
      case 0x54: {
        // 'T' RowDescription: name, table oid, column no., type oid, size, modifier, format
        const count = view.getInt16(offset);
        offset += 2;
        const columns: Column[] = [];
        for (let i = 0; i < count; i++) {
          const name = cstring();
          columns.push({ name, typeId: view.getUint32(offset + 6) });
          offset += 18;
        }
        replies.columns = columns;
        break;
      }
      case 0x44: {
        // 'D' DataRow
        const count = view.getInt16(offset);
        offset += 2;
        const row: (string | null)[] = [];
        for (let i = 0; i < count; i++) {
          const size = view.getInt32(offset);
          offset += 4;
          if (size < 0) row.push(null);
          else {
            row.push(decoder.decode(bytes.subarray(offset, offset + size)));
            offset += size;
          }
        }
        replies.rows.push(row);
        break;
      }
      case 0x43: {
        // 'C' CommandComplete, e.g. "INSERT 0 1", "UPDATE 3", "SELECT 2"
        const words = cstring().split(' ');
        const count = Number.parseInt(words[words.length - 1]!, 10);
        if (COUNTED_COMMANDS.has(words[0]!) && !Number.isNaN(count)) replies.affectedRows += count;
        break;
      }
      case 0x45: {
        // 'E' ErrorResponse: (field code, text) pairs up to a zero byte
        const fields: Record<string, string> = {};
        while (bytes[offset] !== 0) {
          const code = String.fromCharCode(bytes[offset]!);
          offset += 1;
          fields[code] = cstring();
        }
        if (!replies.error) {
          const error = new messages.DatabaseError(fields.M ?? 'unknown database error', length, 'error');
          Object.assign(error, {
            severity: fields.S,
            code: fields.C,
            detail: fields.D,
            hint: fields.H,
            position: fields.P,
            internalPosition: fields.p,
            internalQuery: fields.q,
            where: fields.W,
            schema: fields.s,
            table: fields.t,
            column: fields.c,
            dataType: fields.d,
            constraint: fields.n,
            file: fields.F,
            line: fields.L,
            routine: fields.R,
          });
          replies.error = error;
        }
        break;
      }
      // ParseComplete, BindComplete, CloseComplete, NoData, EmptyQueryResponse,
      // PortalSuspended, ReadyForQuery, NoticeResponse, ParameterStatus: nothing to keep.
      default:
        break;
    }
    offset = end;
  }
  return replies;
}
