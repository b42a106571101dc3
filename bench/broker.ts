/**
 * Real-time chat under load (issue 4). N patients, each authenticated with their own
 * access token and in their own room, publish chat messages at a steady rate over
 * WebSocket to the server's /mqtt, where every message is validated, stamped, stored and
 * only then delivered; we measure delivered msgs/s and publish → delivery latency.
 * The same load runs in the same run against the machine's Mosquitto (a WebSocket
 * listener configured here on a free port), which only relays — the reference.
 * Then: how many authenticated connections one server process holds, and its memory
 * per connection, ramping up to a bounded target (Mosquitto alongside for scale).
 *
 *   BENCH_BROKER_PATIENTS (200), BENCH_BROKER_RATE (msgs/s per patient, 0.25),
 *   BENCH_BROKER_BUSY_RATE (1), BENCH_BROKER_STRESS_RATE (5), BENCH_BROKER_DURATION_S (10), BENCH_BROKER_CONNECTIONS (2000)
 */
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import { HANDOFF_PHRASE, type ChatRoom } from '@smartcare/contract/chat';
import type { Envelope } from '@smartcare/contract/envelope';
import type { Hospital } from '@smartcare/contract/hospital';
import type { TermsSummary } from '@smartcare/contract/terms';
import { MQTT_PATH, provisionalRoomIdx, topics } from '@smartcare/contract/topics';
import { startServer, type StartedServer } from '../e2e/support/server.ts';
import { mosquittoPath, startMosquitto } from './lib/mosquitto.ts';
import {
  connectClient,
  rampConnections,
  runChatLoad,
  type LoadClient,
  type LoadResult,
  type RampResult,
} from './lib/mqtt-load.ts';
import { ratio, resultsDir, row, writeResult } from './lib/results.ts';

const PATIENTS = Number(process.env.BENCH_BROKER_PATIENTS ?? 200);
/** One message every 4 s per patient: a lively conversation in every room at once. */
const RATE = Number(process.env.BENCH_BROKER_RATE ?? 0.25);
/** One message a second per patient: a busy evening. */
const BUSY_RATE = Number(process.env.BENCH_BROKER_BUSY_RATE ?? 1);
/** Far beyond any ward's chat: finds how many messages per second the server can take. */
const STRESS_RATE = Number(process.env.BENCH_BROKER_STRESS_RATE ?? 5);
const DURATION_S = Number(process.env.BENCH_BROKER_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_BROKER_CONNECTIONS ?? 2000);
const PASSWORD = 'Bench1234!';

interface BenchPatient {
  idx: number;
  loginId: string;
  accessToken: string;
  roomIdx: number;
}

async function call<T>(
  server: StartedServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${server.baseURL}${API_PREFIX}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 0 || envelope.data === null) {
    throw new Error(
      `${method} ${path}: HTTP ${response.status} code ${envelope.code} ${envelope.description}`,
    );
  }
  return envelope.data;
}

/**
 * One patient as the app makes one: sign-up through the API, login, choose a hospital
 * (chat needs one, spec §5), then a first message asking for staff — which creates the
 * room (announced by `create` on the provisional topic) and keeps the chatbot out of the
 * measured traffic.
 */
async function createBenchPatient(
  server: StartedServer,
  n: number,
  hospitalIdx: number,
  requiredTerms: string[],
): Promise<BenchPatient> {
  const loginId = `bench${String(n).padStart(4, '0')}${Date.now().toString(36).slice(-4)}`;
  const { idx } = await call<{ idx: number }>(server, 'POST', apiPaths.patient.signUp, {
    loginId,
    name: `측정환자${n}`,
    email: `${loginId}@example.test`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    area: 'HOSPITAL',
    agreedTermsCodes: requiredTerms,
  });
  const tokens = await call<TokenPair>(server, 'POST', apiPaths.patient.login, {
    loginId,
    password: PASSWORD,
  });
  await call(
    server,
    'PUT',
    apiPaths.patient.updateMyData,
    { choseHospitalIdx: hospitalIdx },
    tokens.accessToken,
  );

  const url = `ws://127.0.0.1:${server.port}${MQTT_PATH}`;
  const client: MqttClient = await connectClient(url, loginId, tokens.accessToken);
  try {
    const provisional = provisionalRoomIdx(idx);
    await client.subscribeAsync(topics.chatRoomAll(provisional), { qos: 1 });
    const created = new Promise<number>((resolveRoom, reject) => {
      const timer = setTimeout(() => reject(new Error(`no create event for patient ${loginId}`)), 15_000);
      client.on('message', (topic, payload) => {
        if (topic !== topics.chatRoomEvent(provisional, 'create')) return;
        clearTimeout(timer);
        resolveRoom((JSON.parse(payload.toString()) as { room: { idx: number } }).room.idx);
      });
    });
    await client.publishAsync(
      topics.chatRoomEvent(provisional, 'message'),
      JSON.stringify({ clientMsgId: `setup-${n}`, content: HANDOFF_PHRASE }),
      { qos: 1 },
    );
    let roomIdx: number;
    try {
      roomIdx = await created;
    } catch {
      // The room exists even if the event was missed: ask the API like a reconnecting app would.
      const room = await call<ChatRoom>(
        server,
        'GET',
        apiPaths.chat.currentRoom,
        undefined,
        tokens.accessToken,
      );
      if (room.idx === undefined) throw new Error(`patient ${loginId} has no room after the first message`);
      roomIdx = room.idx;
    }
    return { idx, loginId, accessToken: tokens.accessToken, roomIdx };
  } finally {
    await client.endAsync(true);
  }
}

function printLoad(label: string, result: LoadResult) {
  console.log(
    row(
      label,
      result.offeredPerSecond,
      result.deliveredPerSecond,
      result.latencyP50Ms,
      result.latencyP99Ms,
      result.lost,
    ),
  );
}

async function main() {
  console.log(
    `broker: ${PATIENTS} patients, ${RATE}, ${BUSY_RATE} and ${STRESS_RATE} msgs/s each for ${DURATION_S} s, QoS 1, MQTT 3.1.1 over WebSocket, loopback`,
  );
  const server = await startServer({
    logFile: join(resultsDir, 'broker-server.log'),
    // Hundreds of sign-ups and logins from one address in a minute is the benchmark, not an attack.
    env: {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ACCESS_TOKEN_TTL_S: '3600',
      LOGIN_RATE_LIMIT_PER_MIN: '100000',
      ACCOUNT_RATE_LIMIT_PER_MIN: '100000',
    },
  });
  const mosquittoBinary = mosquittoPath();
  const mosquitto = mosquittoBinary ? await startMosquitto(mosquittoBinary) : null;
  if (!mosquitto)
    console.log('mosquitto is not installed (apt-get install -y mosquitto): the reference is skipped');

  try {
    const started = Date.now();
    const hospitals = await call<Hospital[]>(server, 'GET', apiPaths.hospital.getHospitalList);
    const hospital = hospitals.find((h) => h.areas.includes('HOSPITAL')) ?? hospitals[0];
    if (!hospital) throw new Error('the demo seed has no hospital');
    const terms = await call<TermsSummary[]>(server, 'GET', apiPaths.terms.getTermsList);
    const requiredTerms = terms.filter((t) => t.required).map((t) => t.termsCode);
    const patients: BenchPatient[] = [];
    // A few at a time: sign-up and login hash passwords (argon2id), which is meant to be slow.
    for (let n = 0; n < PATIENTS; n += 8) {
      const batch = Array.from({ length: Math.min(8, PATIENTS - n) }, (_, k) =>
        createBenchPatient(server, n + k, hospital.idx, requiredTerms),
      );
      patients.push(...(await Promise.all(batch)));
    }
    console.log(
      `${patients.length} patients signed up, logged in and given a room in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const serverUrl = `ws://127.0.0.1:${server.port}${MQTT_PATH}`;
    const serverClients: LoadClient[] = patients.map((p) => ({
      url: serverUrl,
      username: p.loginId,
      password: p.accessToken,
      roomTopic: `chat/${p.roomIdx}`,
    }));
    const mosquittoClients: LoadClient[] = mosquitto
      ? patients.map((p) => ({ url: mosquitto.url, roomTopic: `chat/${p.roomIdx}` }))
      : [];

    // Connections first, on the idle server: the stress phase leaves it with a backlog.
    console.log(
      `\nconnections: ramping to ${CONNECTIONS} authenticated connections (each subscribed to its room)`,
    );
    const serverRamp = await rampConnections((i) => serverClients[i % serverClients.length]!, {
      target: CONNECTIONS,
      batch: 100,
      pid: server.process.pid!,
    });
    const mosquittoRamp: RampResult | null = mosquitto
      ? await rampConnections((i) => mosquittoClients[i % mosquittoClients.length]!, {
          target: CONNECTIONS,
          batch: 100,
          pid: mosquitto.pid,
        })
      : null;
    console.log(row('', 'held', 'RSS before MB', 'RSS after MB', 'KB/conn', 'seconds'));
    const printRamp = (label: string, r: RampResult) =>
      console.log(
        row(
          label,
          r.held,
          (r.rssBeforeBytes / 2 ** 20).toFixed(0),
          (r.rssAfterBytes / 2 ** 20).toFixed(0),
          (r.bytesPerConnection / 1024).toFixed(1),
          r.secondsToConnect,
        ),
      );
    printRamp('server process', serverRamp);
    if (serverRamp.firstFailure) console.log(`  first failure: ${serverRamp.firstFailure}`);
    if (mosquittoRamp) {
      printRamp('Mosquitto (ref.)', mosquittoRamp);
      console.log(
        `ratio memory per connection server / Mosquitto: ${ratio(serverRamp.bytesPerConnection, mosquittoRamp.bytesPerConnection)}×`,
      );
    }

    console.log('');
    console.log(row('', 'offered/s', 'delivered/s', 'p50 ms', 'p99 ms', 'late/lost'));
    const loads: Record<string, { server: LoadResult; mosquitto: LoadResult | null }> = {};
    for (const [phase, rate] of [
      ['steady', RATE],
      ['busy', BUSY_RATE],
      ['stress', STRESS_RATE],
    ] as const) {
      const onServer = await runChatLoad(serverClients, {
        messagesPerClientPerSecond: rate,
        durationSeconds: DURATION_S,
      });
      printLoad(`server /mqtt, ${phase}`, onServer);
      const onMosquitto = mosquitto
        ? await runChatLoad(mosquittoClients, {
            messagesPerClientPerSecond: rate,
            durationSeconds: DURATION_S,
          })
        : null;
      if (onMosquitto) printLoad(`Mosquitto (ref.), ${phase}`, onMosquitto);
      loads[phase] = { server: onServer, mosquitto: onMosquitto };
    }
    for (const [phase, { server: s, mosquitto: m }] of Object.entries(loads)) {
      if (m) {
        console.log(
          `ratio server / Mosquitto, ${phase}: delivered ${ratio(s.deliveredPerSecond, m.deliveredPerSecond)}×, p50 ${ratio(s.latencyP50Ms, m.latencyP50Ms)}×, p99 ${ratio(s.latencyP99Ms, m.latencyP99Ms)}×`,
        );
      }
    }

    const file = writeResult('broker', {
      patients: PATIENTS,
      durationSeconds: DURATION_S,
      qos: 1,
      loads,
      ratios: Object.fromEntries(
        Object.entries(loads).map(([phase, { server: s, mosquitto: m }]) => [
          phase,
          m
            ? {
                delivered: ratio(s.deliveredPerSecond, m.deliveredPerSecond),
                p50: ratio(s.latencyP50Ms, m.latencyP50Ms),
                p99: ratio(s.latencyP99Ms, m.latencyP99Ms),
              }
            : null,
        ]),
      ),
      connections: { server: serverRamp, mosquitto: mosquittoRamp },
    });
    console.log(`results: ${file}`);
  } finally {
    await mosquitto?.stop();
    await server.stop();
  }
}

await main();
