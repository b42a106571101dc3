import { topics } from '@smartcare/contract/topics';
import type { ChatMessage } from '@smartcare/contract/chat';
import type { BrokerPrincipal } from '../../plugins/broker/broker-acl.ts';
import {
  PublishRefused,
  type ClientPublishResult,
  type RealtimeBroker,
} from '../../plugins/broker/broker.plugin.ts';
import { DomainError } from '../../lib/errors.ts';
import type { ChatActor, ChatService, MessageReceipt } from './chat.service.ts';
import type { RoomRecord } from './chat.repository.ts';

const actorOf = (principal: BrokerPrincipal): ChatActor => ({ kind: principal.kind, idx: principal.idx });

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    throw new PublishRefused('payload is not JSON');
  }
}

/** Domain refusals (validation, a finished room) end the publish; anything else is a real failure. */
async function refusingDomainErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw new PublishRefused(error.code);
    throw error;
  }
}

/**
 * The chat's side of the broker: client publishes on `chat/{room}/message|enter|complete`
 * go through the chat service, and the server announces what changed (spec §4 events).
 */
export function registerChatRealtime(broker: RealtimeBroker, chat: ChatService) {
  async function announceRoom(room: RoomRecord, event: 'update' | 'create', topicRoomIdx = room.idx) {
    await broker.publish(topics.chatRoomEvent(topicRoomIdx, event), { room: await chat.roomView(room) });
  }

  async function announceInbox(room: RoomRecord) {
    await broker.publish(topics.staffInbox(room.hospitalIdx), { room: await chat.inboxSummary(room) });
  }

  async function afterMessage(receipt: MessageReceipt) {
    if (receipt.entered) {
      await broker.publish(topics.chatRoomEvent(receipt.room.idx, 'enter'), {
        roomIdx: receipt.room.idx,
        person: receipt.entered,
      });
    }
    if (receipt.statusChanged) await announceRoom(receipt.room, 'update');
    if (receipt.duplicate) return;
    await announceInbox(receipt.room);
    if (receipt.message.personType === 'PATIENT') await botTurn(receipt.message);
  }

  async function botTurn(trigger: ChatMessage) {
    const reply = await chat.botReply(trigger);
    if (!reply) return;
    await broker.publish(topics.chatRoomEvent(reply.room.idx, 'message'), reply.message);
    if (reply.roomChanged) {
      await announceRoom(reply.room, 'update');
      await announceInbox(reply.room);
    }
  }

  broker.handleClientPublishes(
    (topic) => topic.kind === 'chat' && topic.event === 'message',
    async ({ principal, topic, payload }): Promise<ClientPublishResult> => {
      if (topic.kind !== 'chat') throw new PublishRefused('not a chat topic');
      const receipt = await refusingDomainErrors(() =>
        chat.receiveMessage(actorOf(principal), topic.roomIdx, parseJson(payload)),
      );
      const roomIdx = receipt.room.idx;
      if (receipt.movedFrom !== null) {
        // The client still listens on the old room (its provisional -patientIdx, or the finished
        // one): `create` there tells it where the conversation went (spec §4).
        await announceRoom(receipt.room, 'create', receipt.movedFrom);
      }
      return {
        topic: topics.chatRoomEvent(roomIdx, 'message'),
        payload: receipt.message,
        // The publishing connection follows at once, so it also receives this very message.
        subscribeClientTo: receipt.movedFrom !== null ? [topics.chatRoomAll(roomIdx)] : [],
        afterDelivery: () => afterMessage(receipt),
      };
    },
  );

  broker.handleClientPublishes(
    (topic) => topic.kind === 'chat' && topic.event === 'complete',
    async ({ principal, topic }): Promise<ClientPublishResult> => {
      if (topic.kind !== 'chat') throw new PublishRefused('not a chat topic');
      const { room, changed } = await refusingDomainErrors(() =>
        chat.complete(actorOf(principal), topic.roomIdx),
      );
      const roomIdx = room?.idx ?? topic.roomIdx;
      return {
        topic: topics.chatRoomEvent(roomIdx, 'complete'),
        payload: { roomIdx },
        afterDelivery: async () => {
          if (!room || !changed) return;
          await announceRoom(room, 'update');
          await announceInbox(room);
        },
      };
    },
  );

  broker.handleClientPublishes(
    (topic) => topic.kind === 'chat' && topic.event === 'enter',
    async ({ principal, topic }): Promise<ClientPublishResult> => {
      if (topic.kind !== 'chat') throw new PublishRefused('not a chat topic');
      const entered = await refusingDomainErrors(() => chat.enter(actorOf(principal), topic.roomIdx));
      return {
        topic: topics.chatRoomEvent(entered.room.idx, 'enter'),
        payload: { roomIdx: entered.room.idx, person: entered.person },
        afterDelivery: async () => {
          if (!entered.roomChanged) return;
          await announceRoom(entered.room, 'update');
          await announceInbox(entered.room);
        },
      };
    },
  );

  return { announceRoom, announceInbox };
}
