import { parseTopic, type ParsedTopic, type TopicKind } from '@smartcare/contract/topics';

/** Who is on the other end of an MQTT connection, from the access token (brief §4). */
export type BrokerPrincipal =
  | { kind: 'patient'; idx: number; loginId: string }
  | { kind: 'staff'; idx: number; loginId: string; hospitalIdx: number };

export type TopicAction = 'subscribe' | 'publish';

/**
 * What the module that owns a topic kind declares to the broker (issue 11): who may subscribe
 * and publish there, and what the audit log needs. The broker knows no module's topics.
 */
export interface TopicAccess<K extends TopicKind = TopicKind> {
  may(
    principal: BrokerPrincipal,
    action: TopicAction,
    topic: Extract<ParsedTopic, { kind: K }>,
  ): Promise<boolean>;
  /** The patient a topic concerns, for the audit log; none when absent. */
  patientOf?(topic: Extract<ParsedTopic, { kind: K }>): Promise<number | null>;
  /** A staff member subscribing here receives a patient's conversation: audited even when allowed. */
  auditStaffSubscribe?: boolean;
}

/** What the audit hook learns of a decision's topic from its declaration. */
export interface TopicFacts {
  patientOf(): Promise<number | null>;
  auditStaffSubscribe: boolean;
}

const NO_FACTS: TopicFacts = { patientOf: async () => null, auditStaffSubscribe: false };

/**
 * The topic ACL: each module declares its kinds; anything `parseTopic` cannot read, or of a
 * kind no module declared, is refused, so `#`, `chat/#`, `chat/+/message` or
 * `nurseCalling/+` never reach across patients or hospitals.
 */
export function createTopicAccess() {
  const declared = new Map<TopicKind, TopicAccess<never>>();
  const accessOf = (kind: TopicKind) => declared.get(kind) as TopicAccess | undefined;
  return {
    declare<K extends TopicKind>(kind: K, access: TopicAccess<K>): void {
      if (declared.has(kind)) throw new Error(`topic kind ${kind} is declared twice`);
      declared.set(kind, access as unknown as TopicAccess<never>);
    },

    /** May this principal subscribe to / publish on this topic? */
    async isAllowed(principal: BrokerPrincipal, action: TopicAction, topic: string): Promise<boolean> {
      const parsed = parseTopic(topic);
      const access = parsed && accessOf(parsed.kind);
      if (!parsed || !access) return false;
      return access.may(principal, action, parsed);
    },

    factsOf(topic: string): TopicFacts {
      const parsed = parseTopic(topic);
      const access = parsed && accessOf(parsed.kind);
      if (!parsed || !access) return NO_FACTS;
      return {
        patientOf: async () => (access.patientOf ? access.patientOf(parsed) : null),
        auditStaffSubscribe: access.auditStaffSubscribe ?? false,
      };
    },
  };
}

export type TopicAccessRegistry = ReturnType<typeof createTopicAccess>;
