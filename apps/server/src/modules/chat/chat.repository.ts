import type {
  ChatMessage,
  ChatPatientInfo,
  ChatUrgentMessage,
  ChatPerson,
  ChatRoomStatus,
  PersonType,
} from '@smartcare/contract/chat';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;
import type { RoomState } from './chat-room.rules.ts';

/** A room as stored, with the bookkeeping the rules work on. */
export interface RoomRecord extends RoomState {
  idx: number;
  hospitalIdx: number;
  patientIdx: number;
  patientName: string;
  lastMsgIdx: number | null;
  createdAt: Date;
}

interface RoomRow {
  idx: number;
  hospital_idx: number;
  patient_idx: number;
  patient_name: string;
  status: ChatRoomStatus;
  bot_active: boolean;
  assignee_idx: number | null;
  waiting_since: Date | string | null;
  first_reply_at: Date | string | null;
  last_activity_at: Date | string | null;
  staff_requested_at: Date | string | null;
  urgent_at: Date | string | null;
  last_msg_idx: number | null;
  created_at: Date | string;
  completed_at: Date | string | null;
}

interface MessageRow {
  idx: number;
  room_idx: number;
  hospital_idx: number;
  person_type: PersonType;
  sender_idx: number;
  sender_name: string;
  content: string;
  client_msg_id: string | null;
  created_at: Date | string;
  notice: ChatMessage['notice'];
  link: ChatMessage['link'];
}

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function toRoom(row: RoomRow): RoomRecord {
  return {
    idx: row.idx,
    hospitalIdx: row.hospital_idx,
    patientIdx: row.patient_idx,
    patientName: row.patient_name,
    status: row.status,
    botActive: row.bot_active,
    assigneeIdx: row.assignee_idx,
    waitingSince: date(row.waiting_since),
    firstReplyAt: date(row.first_reply_at),
    lastActivityAt: date(row.last_activity_at),
    staffRequestedAt: date(row.staff_requested_at),
    urgentAt: date(row.urgent_at),
    completedAt: date(row.completed_at),
    lastMsgIdx: row.last_msg_idx,
    createdAt: new Date(row.created_at),
  };
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    idx: row.idx,
    roomIdx: row.room_idx,
    hospitalIdx: row.hospital_idx,
    personType: row.person_type,
    senderIdx: row.sender_idx,
    senderName: row.sender_name,
    content: row.content,
    clientMsgId: row.client_msg_id,
    createdAt: new Date(row.created_at).toISOString(),
    notice: row.notice ?? null,
    link: row.link ?? null,
  };
}

const ROOM_COLUMNS = `idx, hospital_idx, patient_idx, patient_name, status, bot_active, assignee_idx, waiting_since,
  first_reply_at, last_activity_at, staff_requested_at, urgent_at, last_msg_idx, created_at, completed_at`;
const MESSAGE_COLUMNS = `idx, room_idx, hospital_idx, person_type, sender_idx, sender_name, content, client_msg_id, created_at, notice, link`;
/**
 * Who the patient of room `r` is, for staff (issue 10 point 5), as one JSON value; age in
 * whole years today. Allergies live in body_info, the note for staff in patients.description.
 */
const PATIENT_INFO_JSON = `(SELECT json_build_object(
    'patientNo', p.idx,
    'age', CASE WHEN p.birth_date IS NULL THEN NULL ELSE date_part('year', age(p.birth_date))::int END,
    'sex', p.sex,
    'allergies', coalesce(b.allergies, ''),
    'note', p.description,
    'ward', a.ward,
    'bed', a.bed)
   FROM patients p
   LEFT JOIN body_info b ON b.patient_idx = p.idx
   -- Where the patient lies, only as this room's hospital recorded it (decision 010).
   LEFT JOIN admissions a ON a.patient_idx = p.idx AND a.hospital_idx = r.hospital_idx
                         AND a.discharged_at IS NULL
  WHERE p.idx = r.patient_idx)`;
/**
 * The patient's message that flagged room `r` as urgent (decision 011): the last one before
 * the room's latest urgent guidance. Read only for a flagged room.
 */
const URGENT_MESSAGE_JSON = `CASE WHEN r.urgent_at IS NOT NULL THEN (
    SELECT json_build_object('content', pm.content, 'createdAt', pm.created_at)
      FROM chat_messages pm
     WHERE pm.room_idx = r.idx AND pm.person_type = 'PATIENT'
       AND pm.idx < (SELECT max(n.idx) FROM chat_messages n
                      WHERE n.room_idx = r.idx AND n.notice IN ('URGENT', 'URGENT_SELF_HARM'))
     ORDER BY pm.idx DESC LIMIT 1) END`;
/** Its JSON as read: the time as PostgreSQL writes it, given back as an ISO string. */
interface UrgentMessageRow {
  content: string;
  createdAt: string;
}
const toUrgentMessage = (row: UrgentMessageRow | null): ChatUrgentMessage | null =>
  row ? { content: row.content, createdAt: new Date(row.createdAt).toISOString() } : null;
/**
 * The patient messages of room `r` that the staff member of read mark `rr` has not read
 * (migration 056): the room's count less the count the mark covers, no message counted.
 */
const UNREAD = `greatest(r.patient_message_count - coalesce(rr.read_patient_count, 0), 0)`;
/** The same columns as a JSON object, for a message read inside another statement. */
const MESSAGE_JSON_FIELDS = MESSAGE_COLUMNS.split(', ')
  .map((column) => `'${column}', ${column}`)
  .join(', ');

/** Persons in the order they joined; the patient and the bot join together, patient first. */
const PERSON_ORDER = `joined_at, CASE person_type WHEN 'PATIENT' THEN 0 WHEN 'CHATBOT' THEN 1 ELSE 2 END, person_idx`;

export interface NewMessage {
  roomIdx: number;
  hospitalIdx: number;
  personType: PersonType;
  senderIdx: number;
  senderName: string;
  content: string;
  clientMsgId: string | null;
  createdAt: Date;
  notice?: ChatMessage['notice'];
  /** Issue 14: the FAQ entry or guide a bot answer quotes. */
  link?: ChatMessage['link'];
}

/** Who sent a message, read in the statement that locks its room. */
export interface SenderFacts {
  idx: number;
  name: string;
  /** The patient's chosen hospital (null until chosen), or the staff member's hospital. */
  hospitalIdx: number | null;
  /** NURSE, … for staff; empty for a patient. */
  role: string;
}

/** A locked room as a group of messages finds it (lockRoomsForMessages). */
export interface LockedRoomFacts {
  room: RoomRecord;
  earlier: ChatMessage | null;
  /** The sender is already one of the room's persons. */
  inRoom: boolean;
  sender: SenderFacts | null;
}

/** Chat storage, SQL only. Every function takes the executor so it can run inside a transaction. */
export const chatRepository = {
  /** Who owns a room, for the topic ACL. */
  async roomOwner(db: Sql, roomIdx: number) {
    const { rows } = await db.query<{ patientIdx: number; hospitalIdx: number }>(
      `SELECT patient_idx AS "patientIdx", hospital_idx AS "hospitalIdx" FROM chat_rooms WHERE idx = $1`,
      [roomIdx],
    );
    return rows[0] ?? null;
  },

  /** Issue 16 — ratings: the patient's rooms completed since a time, newest first. */
  async completedRoomsOf(db: Sql, patientIdx: number, since: Date): Promise<RoomRecord[]> {
    const { rows } = await db.query<RoomRow>(
      `SELECT ${ROOM_COLUMNS} FROM chat_rooms
        WHERE patient_idx = $1 AND status = 'COMPLETE' AND completed_at >= $2
        ORDER BY completed_at DESC LIMIT 100`,
      [patientIdx, since],
    );
    return rows.map(toRoom);
  },

  async findRoom(db: Sql, roomIdx: number, forUpdate = false): Promise<RoomRecord | null> {
    const { rows } = await db.query<RoomRow>(
      `SELECT ${ROOM_COLUMNS} FROM chat_rooms WHERE idx = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [roomIdx],
    );
    return rows[0] ? toRoom(rows[0]) : null;
  },

  /**
   * The named room, locked, and the message this sender already stored under this
   * clientMsgId (in any room), in one statement: the common path of every message.
   */
  async lockRoomAndFindEarlier(
    db: Sql,
    roomIdx: number,
    sender: { personType: PersonType; idx: number },
    clientMsgId: string,
  ): Promise<{ room: RoomRecord; earlier: ChatMessage | null } | null> {
    const { rows } = await db.query<RoomRow & { earlier: MessageRow | null }>(
      `SELECT ${ROOM_COLUMNS},
              (SELECT json_build_object(${MESSAGE_JSON_FIELDS}) FROM chat_messages
                WHERE person_type = $2 AND sender_idx = $3 AND client_msg_id = $4
                ORDER BY idx LIMIT 1) AS earlier
         FROM chat_rooms WHERE idx = $1
         FOR UPDATE`,
      [roomIdx, sender.personType, sender.idx, clientMsgId],
    );
    const row = rows[0];
    return row ? { room: toRoom(row), earlier: row.earlier ? toMessage(row.earlier) : null } : null;
  },

  async findOpenRoom(db: Sql, patientIdx: number, hospitalIdx: number): Promise<RoomRecord | null> {
    const { rows } = await db.query<RoomRow>(
      `SELECT ${ROOM_COLUMNS} FROM chat_rooms
        WHERE patient_idx = $1 AND hospital_idx = $2 AND status <> 'COMPLETE'
        FOR UPDATE`,
      [patientIdx, hospitalIdx],
    );
    return rows[0] ? toRoom(rows[0]) : null;
  },

  /** The open room, else the most recent finished one, in that hospital. */
  async findCurrentRoom(db: Sql, patientIdx: number, hospitalIdx: number): Promise<RoomRecord | null> {
    const { rows } = await db.query<RoomRow>(
      `SELECT ${ROOM_COLUMNS} FROM chat_rooms
        WHERE patient_idx = $1 AND hospital_idx = $2
        ORDER BY (status <> 'COMPLETE') DESC, idx DESC
        LIMIT 1`,
      [patientIdx, hospitalIdx],
    );
    return rows[0] ? toRoom(rows[0]) : null;
  },

  /** Serialises everything one patient sends across processes (room creation above all). */
  async lockPatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('chat-patient'), $1)`, [patientIdx]);
  },

  async insertRoom(
    db: Sql,
    room: { hospitalIdx: number; patientIdx: number; patientName: string; state: RoomState; createdAt: Date },
  ): Promise<RoomRecord> {
    const { rows } = await db.query<RoomRow>(
      `INSERT INTO chat_rooms (hospital_idx, patient_idx, patient_name, status, bot_active, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING ${ROOM_COLUMNS}`,
      [
        room.hospitalIdx,
        room.patientIdx,
        room.patientName,
        room.state.status,
        room.state.botActive,
        room.createdAt,
      ],
    );
    return toRoom(rows[0]!);
  },

  async updateRoom(
    db: Sql,
    roomIdx: number,
    state: RoomState & { lastMsgIdx?: number | null; patientName?: string },
  ): Promise<RoomRecord> {
    const { rows } = await db.query<RoomRow>(
      `UPDATE chat_rooms SET
          status = $2, bot_active = $3, assignee_idx = $4, waiting_since = $5, first_reply_at = $6,
          last_activity_at = $7, staff_requested_at = $8, completed_at = $9,
          last_msg_idx = coalesce($10, last_msg_idx), patient_name = coalesce($11, patient_name),
          urgent_at = $12
        WHERE idx = $1
        RETURNING ${ROOM_COLUMNS}`,
      [
        roomIdx,
        state.status,
        state.botActive,
        state.assigneeIdx,
        state.waitingSince,
        state.firstReplyAt,
        state.lastActivityAt,
        state.staffRequestedAt,
        state.completedAt,
        state.lastMsgIdx ?? null,
        state.patientName ?? null,
        state.urgentAt,
      ],
    );
    return toRoom(rows[0]!);
  },

  /** True when the person was not in the room yet. */
  async addPerson(db: Sql, roomIdx: number, person: ChatPerson): Promise<boolean> {
    const { rows } = await db.query<{ room_idx: number }>(
      `INSERT INTO chat_room_persons (room_idx, person_type, person_idx, name) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING room_idx`,
      [roomIdx, person.personType, person.idx, person.name],
    );
    return rows.length > 0;
  },

  async listPersons(db: Sql, roomIdxs: number[]): Promise<Map<number, ChatPerson[]>> {
    const byRoom = new Map<number, ChatPerson[]>(roomIdxs.map((idx) => [idx, []]));
    if (roomIdxs.length === 0) return byRoom;
    const { rows } = await db.query<{
      room_idx: number;
      person_type: PersonType;
      person_idx: number;
      name: string;
    }>(
      `SELECT room_idx, person_type, person_idx, name FROM chat_room_persons
        WHERE room_idx = ANY($1::int[])
        ORDER BY ${PERSON_ORDER}`,
      [roomIdxs],
    );
    for (const row of rows) {
      byRoom.get(row.room_idx)?.push({ personType: row.person_type, idx: row.person_idx, name: row.name });
    }
    return byRoom;
  },

  /**
   * Stores a message and the room state it leads to in one statement. Everything written is
   * known to the caller, who holds the room's row lock: only the new message's idx comes back.
   */
  async storeMessage(
    db: Sql,
    message: NewMessage,
    state: RoomState & { patientName?: string },
  ): Promise<number> {
    const { rows } = await db.query<{ idx: number }>(
      `WITH stored AS (
         INSERT INTO chat_messages (room_idx, hospital_idx, person_type, sender_idx, sender_name, content, client_msg_id, created_at, notice, link)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $19, $20::jsonb)
         RETURNING idx)
       UPDATE chat_rooms SET
          status = $9, bot_active = $10, assignee_idx = $11, waiting_since = $12, first_reply_at = $13,
          last_activity_at = $14, staff_requested_at = $15, completed_at = $16,
          last_msg_idx = stored.idx, patient_name = coalesce($17, patient_name), urgent_at = $18,
          patient_message_count = patient_message_count + CASE WHEN $3 = 'PATIENT' THEN 1 ELSE 0 END
         FROM stored
        WHERE chat_rooms.idx = $1
        RETURNING stored.idx`,
      [
        message.roomIdx,
        message.hospitalIdx,
        message.personType,
        message.senderIdx,
        message.senderName,
        message.content,
        message.clientMsgId,
        message.createdAt,
        state.status,
        state.botActive,
        state.assigneeIdx,
        state.waitingSince,
        state.firstReplyAt,
        state.lastActivityAt,
        state.staffRequestedAt,
        state.completedAt,
        state.patientName ?? null,
        state.urgentAt,
        message.notice ?? null,
        message.link ? JSON.stringify(message.link) : null,
      ],
    );
    if (rows.length !== 1) throw new Error(`room ${message.roomIdx} vanished while its row was locked`);
    return rows[0]!.idx;
  },

  /**
   * The rooms of a group of messages (group commit, decision 014), locked in room order, in
   * one statement: each room row, the message its sender already stored under the
   * clientMsgId (in any room), whether the sender is already one of the room's persons, and
   * who the sender is now (as people.repository reads it: a deleted patient or an inactive
   * staff member is nobody). Items whose room is gone come back as null.
   */
  async lockRoomsForMessages(
    db: Sql,
    items: readonly {
      roomIdx: number;
      personType: PersonType;
      senderIdx: number;
      clientMsgId: string | null;
    }[],
    /** False where nothing else can run in between (PGlite's one session held: Database.exclusive). */
    lockRows = true,
  ): Promise<(LockedRoomFacts | null)[]> {
    const { rows } = await db.query<
      RoomRow & {
        ord: number;
        earlier: MessageRow | null;
        in_room: boolean;
        sender: SenderFacts | null;
      }
    >(
      `SELECT x.ord, ${ROOM_COLUMNS.replaceAll(/(\w+)/g, 'r.$1')},
              (SELECT json_build_object(${MESSAGE_JSON_FIELDS}) FROM chat_messages
                WHERE person_type = x.person_type AND sender_idx = x.sender_idx
                  AND client_msg_id = x.client_msg_id
                ORDER BY idx LIMIT 1) AS earlier,
              EXISTS (SELECT 1 FROM chat_room_persons p
                       WHERE p.room_idx = r.idx AND p.person_type = x.person_type
                         AND p.person_idx = x.sender_idx) AS in_room,
              CASE x.person_type
                WHEN 'PATIENT' THEN (SELECT json_build_object('idx', idx, 'name', name,
                                              'hospitalIdx', chose_hospital_idx, 'role', '')
                                       FROM patients WHERE idx = x.sender_idx AND deleted_at IS NULL)
                WHEN 'USER' THEN (SELECT json_build_object('idx', idx, 'name', name,
                                           'hospitalIdx', hospital_idx, 'role', role)
                                    FROM staff_users WHERE idx = x.sender_idx AND active)
              END AS sender
         FROM jsonb_to_recordset($1::jsonb)
                AS x(ord int, room_idx int, person_type text, sender_idx int, client_msg_id text)
         JOIN chat_rooms r ON r.idx = x.room_idx
        -- The rooms by key as well: the planner guesses 100 rows for the JSON input and would
        -- hash-join it with every room the hospital ever had (a scan per message). Taken from
        -- the same input, so no plan depends on the values and the prepared one is reused.
        WHERE r.idx = ANY (ARRAY(SELECT (e ->> 'room_idx')::int FROM jsonb_array_elements($1::jsonb) e))
        ORDER BY r.idx${lockRows ? ' FOR UPDATE OF r' : ''}`,
      [
        JSON.stringify(
          items.map((item, ord) => ({
            ord,
            room_idx: item.roomIdx,
            person_type: item.personType,
            sender_idx: item.senderIdx,
            client_msg_id: item.clientMsgId,
          })),
        ),
      ],
    );
    const facts: (LockedRoomFacts | null)[] = items.map(() => null);
    for (const row of rows) {
      facts[row.ord] = {
        room: toRoom(row),
        earlier: row.earlier ? toMessage(row.earlier) : null,
        inRoom: row.in_room,
        sender: row.sender,
      };
    }
    return facts;
  },

  /**
   * Stores a group of messages to locked rooms, and the room states they lead to, in one
   * statement (decision 014). A room may take several (a patient's message and the bot's
   * answer to it): it is left in the state of its last one. The messages are numbered in the
   * order given. Returns each message's new idx, in that order.
   */
  async storeMessages(
    db: Sql,
    writes: readonly { message: NewMessage; state: RoomState & { patientName?: string } }[],
  ): Promise<number[]> {
    const { rows } = await db.query<{ idx: number; room_idx: number }>(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
           ord int, room_idx int, hospital_idx int, person_type text, sender_idx int, sender_name text,
           content text, client_msg_id text, created_at timestamptz, notice text, link jsonb,
           status text, bot_active boolean, assignee_idx int, waiting_since timestamptz,
           first_reply_at timestamptz, last_activity_at timestamptz, staff_requested_at timestamptz,
           completed_at timestamptz, patient_name text, urgent_at timestamptz)),
       stored AS (
         INSERT INTO chat_messages (room_idx, hospital_idx, person_type, sender_idx, sender_name, content, client_msg_id, created_at, notice, link)
         SELECT room_idx, hospital_idx, person_type, sender_idx, sender_name, content, client_msg_id, created_at, notice, link
           FROM input ORDER BY ord
         RETURNING idx, room_idx, person_type),
       -- Per room: its last message's state, its newest idx and how many were the patient's.
       latest AS (SELECT DISTINCT ON (room_idx) * FROM input ORDER BY room_idx, ord DESC),
       per_room AS (
         SELECT room_idx, max(idx) AS last_idx,
                count(*) FILTER (WHERE person_type = 'PATIENT')::int AS patient_messages
           FROM stored GROUP BY room_idx),
       updated AS (
         UPDATE chat_rooms r SET
            status = i.status, bot_active = i.bot_active, assignee_idx = i.assignee_idx,
            waiting_since = i.waiting_since, first_reply_at = i.first_reply_at,
            last_activity_at = i.last_activity_at, staff_requested_at = i.staff_requested_at,
            completed_at = i.completed_at, last_msg_idx = c.last_idx,
            patient_name = coalesce(i.patient_name, r.patient_name), urgent_at = i.urgent_at,
            patient_message_count = r.patient_message_count + c.patient_messages
           FROM per_room c JOIN latest i ON i.room_idx = c.room_idx
          -- By key too (see lockRoomsForMessages): no scan of every room per message.
          WHERE r.idx = c.room_idx AND r.idx = ANY (ARRAY(SELECT room_idx FROM input))
          RETURNING r.idx)
       SELECT s.idx, s.room_idx FROM stored s
        WHERE s.room_idx IN (SELECT idx FROM updated)
        ORDER BY s.idx`,
      [
        JSON.stringify(
          writes.map(({ message, state }, ord) => ({
            ord,
            room_idx: message.roomIdx,
            hospital_idx: message.hospitalIdx,
            person_type: message.personType,
            sender_idx: message.senderIdx,
            sender_name: message.senderName,
            content: message.content,
            client_msg_id: message.clientMsgId,
            created_at: message.createdAt,
            notice: message.notice ?? null,
            link: message.link ?? null,
            status: state.status,
            bot_active: state.botActive,
            assignee_idx: state.assigneeIdx,
            waiting_since: state.waitingSince,
            first_reply_at: state.firstReplyAt,
            last_activity_at: state.lastActivityAt,
            staff_requested_at: state.staffRequestedAt,
            completed_at: state.completedAt,
            patient_name: state.patientName ?? null,
            urgent_at: state.urgentAt,
          })),
        ),
      ],
    );
    // Each room's new idxs in ascending order are its messages in the order given (they
    // were inserted, and numbered, in that order).
    const byRoom = new Map<number, number[]>();
    for (const row of rows) {
      const idxs = byRoom.get(row.room_idx);
      if (idxs) idxs.push(row.idx);
      else byRoom.set(row.room_idx, [row.idx]);
    }
    return writes.map(({ message }) => {
      const idx = byRoom.get(message.roomIdx)?.shift();
      if (idx === undefined) throw new Error(`room ${message.roomIdx} vanished while its row was locked`);
      return idx;
    });
  },

  /** The message this sender already stored under this clientMsgId, in any room. */
  async findByClientMsgId(
    db: Sql,
    sender: { personType: PersonType; idx: number },
    clientMsgId: string,
  ): Promise<ChatMessage | null> {
    const { rows } = await db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_messages
        WHERE person_type = $1 AND sender_idx = $2 AND client_msg_id = $3
        ORDER BY idx LIMIT 1`,
      [sender.personType, sender.idx, clientMsgId],
    );
    return rows[0] ? toMessage(rows[0]) : null;
  },

  async findMessages(db: Sql, messageIdxs: number[]): Promise<Map<number, ChatMessage>> {
    if (messageIdxs.length === 0) return new Map();
    const { rows } = await db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE idx = ANY($1::int[])`,
      [messageIdxs],
    );
    return new Map(rows.map((row) => [row.idx, toMessage(row)]));
  },

  /** Page `pNum` counted from the newest; the page itself oldest → newest (spec §7). */
  async pageMessages(
    db: Sql,
    roomIdx: number,
    pNum: number,
    pSize: number,
  ): Promise<{ dataList: ChatMessage[]; totalCount: number }> {
    const [{ rows }, count] = await Promise.all([
      db.query<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE room_idx = $1 ORDER BY idx DESC LIMIT $2 OFFSET $3`,
        [roomIdx, pSize, (pNum - 1) * pSize],
      ),
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM chat_messages WHERE room_idx = $1`, [
        roomIdx,
      ]),
    ]);
    return { dataList: rows.map(toMessage).reverse(), totalCount: count.rows[0]?.total ?? 0 };
  },

  /**
   * The hospital's rooms for the inbox: open urgent rooms first (earliest flag first), then WAIT
   * (longest waiting first), then the rest by last activity. `unread` counts the patient's
   * messages this staff member has not read. Rooms the bot is handling (NONE) are out of the
   * default (open) list and are what `BOT` lists; `includeCompleted` lists every room (decision 011).
   */
  async listInbox(
    db: Sql,
    hospitalIdx: number,
    staffIdx: number,
    filter: { status?: ChatRoomStatus | 'BOT' | undefined; includeCompleted: boolean },
  ): Promise<
    {
      room: RoomRecord;
      unread: number;
      patientInfo: ChatPatientInfo | null;
      urgentMessage: ChatUrgentMessage | null;
    }[]
  > {
    const status = filter.status === 'BOT' ? 'NONE' : (filter.status ?? null);
    const { rows } = await db.query<
      RoomRow & {
        unread: number;
        patient_info: ChatPatientInfo | null;
        urgent_message: UrgentMessageRow | null;
      }
    >(
      `SELECT ${ROOM_COLUMNS.replaceAll(/(\w+)/g, 'r.$1')},
              ${UNREAD} AS unread,
              ${PATIENT_INFO_JSON} AS patient_info,
              ${URGENT_MESSAGE_JSON} AS urgent_message
         FROM chat_rooms r
         LEFT JOIN chat_room_reads rr ON rr.room_idx = r.idx AND rr.staff_idx = $2
        WHERE r.hospital_idx = $1
          AND ($3::text IS NULL OR r.status = $3)
          AND ($3::text IS NOT NULL OR $4 OR r.status <> 'NONE')
          AND ($4 OR r.status <> 'COMPLETE')
        ORDER BY (r.urgent_at IS NOT NULL AND r.status <> 'COMPLETE') DESC, r.urgent_at ASC NULLS LAST,
                 (r.status = 'WAIT') DESC, r.waiting_since ASC NULLS LAST, r.last_activity_at DESC NULLS LAST, r.idx DESC
        LIMIT 500`,
      [hospitalIdx, staffIdx, status, filter.includeCompleted],
    );
    return rows.map((row) => ({
      room: toRoom(row),
      unread: row.unread,
      patientInfo: row.patient_info,
      urgentMessage: toUrgentMessage(row.urgent_message),
    }));
  },

  /**
   * Rooms as the staff inbox shows them now, in one statement: each row, its persons, its
   * last message, and for each of `staffIdxs` who is an active staff member of its hospital
   * the patient messages that member has not read, counted as `listInbox` counts them.
   * Rooms that are gone are missing from the map.
   */
  async roomSummaries(
    db: Sql,
    roomIdxs: readonly number[],
    staffIdxs: readonly number[],
  ): Promise<
    Map<
      number,
      {
        room: RoomRecord;
        persons: ChatPerson[];
        lastMsg: ChatMessage | null;
        unread: { staffIdx: number; unread: number }[];
        patientInfo: ChatPatientInfo | null;
        urgentMessage: ChatUrgentMessage | null;
      }
    >
  > {
    const { rows } = await db.query<
      RoomRow & {
        patient_info: ChatPatientInfo | null;
        persons: ChatPerson[];
        last_msg: MessageRow | null;
        unread: { staffIdx: number; unread: number }[];
        urgent_message: UrgentMessageRow | null;
      }
    >(
      `SELECT ${ROOM_COLUMNS.replaceAll(/(\w+)/g, 'r.$1')},
              coalesce(
                (SELECT json_agg(json_build_object('personType', person_type, 'idx', person_idx, 'name', name)
                          ORDER BY ${PERSON_ORDER})
                   FROM chat_room_persons WHERE room_idx = r.idx),
                '[]'::json) AS persons,
              (SELECT json_build_object(${MESSAGE_JSON_FIELDS}) FROM chat_messages m
                WHERE m.idx = r.last_msg_idx) AS last_msg,
              coalesce(
                (SELECT json_agg(json_build_object('staffIdx', s.idx, 'unread',
                          ${UNREAD}) ORDER BY s.idx)
                   FROM staff_users s
                   LEFT JOIN chat_room_reads rr ON rr.room_idx = r.idx AND rr.staff_idx = s.idx
                  WHERE s.hospital_idx = r.hospital_idx AND s.active
                    AND s.idx = ANY($2::int[])),
                '[]'::json) AS unread,
              ${PATIENT_INFO_JSON} AS patient_info,
              ${URGENT_MESSAGE_JSON} AS urgent_message
         FROM chat_rooms r WHERE r.idx = ANY($1::int[])`,
      [[...roomIdxs], [...staffIdxs]],
    );
    return new Map(
      rows.map((row) => [
        row.idx,
        {
          room: toRoom(row),
          persons: row.persons,
          lastMsg: row.last_msg ? toMessage(row.last_msg) : null,
          unread: row.unread,
          patientInfo: row.patient_info,
          urgentMessage: toUrgentMessage(row.urgent_message),
        },
      ]),
    );
  },

  async markRead(db: Sql, roomIdx: number, staffIdx: number, lastReadMsgIdx: number): Promise<void> {
    await db.query(
      // The mark also keeps how many patient messages it covers (migration 056): counted here,
      // once per read, so that no unread count has to count messages.
      `INSERT INTO chat_room_reads (room_idx, staff_idx, last_read_msg_idx, read_patient_count)
       VALUES ($1, $2, $3, (SELECT count(*)::int FROM chat_messages
                             WHERE room_idx = $1 AND person_type = 'PATIENT' AND idx <= $3))
       ON CONFLICT (room_idx, staff_idx) DO UPDATE
         SET last_read_msg_idx = greatest(chat_room_reads.last_read_msg_idx, excluded.last_read_msg_idx),
             read_patient_count = CASE WHEN excluded.last_read_msg_idx > chat_room_reads.last_read_msg_idx
                                       THEN excluded.read_patient_count
                                       ELSE chat_room_reads.read_patient_count END,
             read_at = now()`,
      [roomIdx, staffIdx, lastReadMsgIdx],
    );
  },

  /** Messages, persons and read marks cascade with the rooms. */
  async deleteRoomsOfPatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query('DELETE FROM chat_rooms WHERE patient_idx = $1', [patientIdx]);
  },
};

export type ChatRepository = typeof chatRepository;
