import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { forgetConnectPacket } from './broker.plugin.ts';

/**
 * Issue 11 point 7, memory per connection: mqtt-packet's parser keeps the CONNECT packet
 * (with the access token as password) as its settings for the connection's whole life.
 * Once the client is logged in the broker swaps it for a small object all connections share.
 */
describe('what a logged-in connection keeps of its CONNECT', () => {
  const connect = (password: string) =>
    mqttPacket.generate({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clean: true,
      clientId: `patient_demo_${Math.random().toString(36).slice(2)}`,
      keepalive: 60,
      username: 'demo',
      password: Buffer.from(password),
    });

  function parsed(password: string) {
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    const packets: mqttPacket.Packet[] = [];
    parser.on('packet', (packet) => packets.push(packet));
    parser.parse(connect(password));
    return { parser, packets };
  }

  it('lets go of the password and shares one settings object, and the parser still reads packets', async () => {
    const first = parsed('a'.repeat(400));
    const second = parsed('b'.repeat(400));
    const password = new WeakRef((first.packets[0] as mqttPacket.IConnectPacket).password!);
    expect((first.parser as unknown as { settings: unknown }).settings).toBe(first.packets[0]);
    first.packets.length = 0;

    forgetConnectPacket({ id: 'a', _parser: first.parser } as never);
    forgetConnectPacket({ id: 'b', _parser: second.parser } as never);

    const settings = (first.parser as unknown as { settings: Record<string, unknown> }).settings;
    expect(settings).toEqual({ protocolVersion: 4, bridgeMode: false });
    expect(settings).toBe((second.parser as unknown as { settings: unknown }).settings);
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    for (let i = 0; i < 3 && password.deref(); i++) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    expect(password.deref()).toBeUndefined();

    first.parser.parse(
      mqttPacket.generate({
        cmd: 'publish',
        topic: 'chat/1/message',
        payload: Buffer.from('{}'),
        qos: 1,
        messageId: 7,
        retain: false,
        dup: false,
      }),
    );
    expect(first.packets).toMatchObject([{ cmd: 'publish', topic: 'chat/1/message', messageId: 7 }]);
  });
});
