/**
 * Real-time chat under load (issue 4). N patients, each authenticated with their own
 * access token and in their own room, publish chat messages at a steady rate over
 * WebSocket to the server's /mqtt, where every message is validated, stamped, stored and
 * only then delivered. As in real use the chatbot is on in every room (it answers the FAQ
 * questions among the messages and stays quiet on the rest, having said once that staff
 * will reply) and staff consoles watch the rooms and the inbox: latency is publish →
 * arrival at the staff console watching that room, and delivered/s counts those arrivals.
 * The same load runs in the same run against the machine's Mosquitto (a WebSocket
 * listener configured here on a free port), which only relays — the reference. Beside it, the
 * floor of a Node broker: aedes behind ws, the server's own libraries, only relaying (see
 * bench/lib/aedes-relay.ts): the latency and throughput no server built on them can beat here.
 * First, on the freshly started server: how many authenticated connections one process
 * holds, and its memory per connection, ramping up to a bounded target (Mosquitto alongside).
 *
 *   BENCH_BROKER_PATIENTS (200), BENCH_BROKER_RATE (msgs/s per patient, 0.25),
 *   BENCH_BROKER_BUSY_RATE (1), BENCH_BROKER_STRESS_RATE (5), BENCH_BROKER_DURATION_S (10),
 *   BENCH_BROKER_CONNECTIONS (2000), BENCH_BROKER_STAFF (staff consoles, 4),
 *   BENCH_BROKER_BOT (1; 0 hands every room to staff first, keeping the bot out, as before),
 *   BENCH_BROKER_DATABASE_URL (postgres://user@host:port/db: the server on PostgreSQL, in a
 *   scratch database created for the run and dropped after it; PGlite when unset),
 *   BENCH_BROKER_PROFILE (1: a CPU profile of the server over each load phase, written to
 *   bench/results/broker-<phase>.cpuprofile, its top frames printed; the inspector's sampler
 *   costs a little, so the figures of a profiled run are not the ones to compare),
 *   BENCH_BROKER_LOOP (1: the server's event-loop iterations over 4 ms and its garbage
 *   collections in each load phase, from bench/lib/loop-probe.mjs; it too costs a little)
 *
 * The reference needs Mosquitto on the machine (Debian: `apt-get install -y mosquitto`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import { HANDOFF_PHRASE, type ChatRoom } from '@smartcare/contract/chat';
import type { StaffProfile } from '@smartcare/contract/staff';
import type { Envelope } from '@smartcare/contract/envelope';
import type { TermsSummary } from '@smartcare/contract/terms';
import { MQTT_PATH, provisionalRoomIdx, topics } from '@smartcare/contract/topics';
import { startServer, type StartedServer } from '../e2e/support/server.ts';
import { provisionStaffPool, type PooledStaff } from '../e2e/support/staff-pool.ts';
import { mosquittoPath, startMosquitto } from './lib/mosquitto.ts';
import { startAedesRelay } from './lib/aedes-relay.ts';
import { scratchDatabase } from './lib/postgres.ts';
import {
  connectClient,
  cpuMilliseconds,
  gcProbeReader,
  rampConnections,
  runChatLoad,
  type LoadClient,
  type LoadResult,
  type LoadWatcher,
  type RampResult,
} from './lib/mqtt-load.ts';
import { loopReport, type LoopReport } from './lib/loop-report.ts';
import { connectProfiler, inspectorUrl, type Profiler, type TopFrame } from './lib/cpu-profile.ts';
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
/** A ward's nurses each with the console open: every room is watched by one of them. */
const STAFF = Number(process.env.BENCH_BROKER_STAFF ?? 4);
const BOT = process.env.BENCH_BROKER_BOT !== '0';
const POSTGRES_ADMIN_URL = process.env.BENCH_BROKER_DATABASE_URL;
const PROFILE = process.env.BENCH_BROKER_PROFILE === '1';
const LOOP = process.env.BENCH_BROKER_LOOP === '1';
const PASSWORD = 'Bench1234!';
/** The demo seed's accounts (apps/server/src/db/seed-demo.ts). */
const DEMO = { patient: 'demo', staff: 'nurse', password: 'Demo1234!' };
/** A first message the bot cannot answer: it says once that staff will reply, and stays on. */
const FIRST_QUESTION = '어제 찍은 엑스레이 판독 결과가 궁금합니다';
/** Every other message is one of these, which the bot answers from the FAQ. */
const FAQ_QUESTIONS = [
  '면회 시간은 언제인가요?',
  '주차비 얼마예요?',
  '식사 시간 알려주세요',
  '와이파이 비밀번호 알려주세요',
  '셔틀버스 시간표 궁금해요',
  '진단서 발급 어떻게 해요',
  '퇴원은 몇 시에 하나요?',
  '택배 받을 수 있나요?',
];
const content = (index: number, sequence: number) =>
  BOT && sequence % 2 === 0
    ? FAQ_QUESTIONS[(index + sequence) % FAQ_QUESTIONS.length]!
    : `측정 메시지 ${sequence}`;

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
 * The first message, as the app sends it before a room exists: it creates the room
 * (announced by `create` on the provisional topic). With the bot off it asks for staff,
 * which keeps the chatbot out of the measured traffic.
 */
async function openRoom(
  server: StartedServer,
  patient: { idx: number; loginId: string; accessToken: string },
  clientMsgId: string,
): Promise<number> {
  const url = `ws://127.0.0.1:${server.port}${MQTT_PATH}`;
  const client: MqttClient = await connectClient(url, patient.loginId, patient.accessToken);
  try {
    const provisional = provisionalRoomIdx(patient.idx);
    await client.subscribeAsync(topics.chatRoomAll(provisional), { qos: 1 });
    const created = new Promise<number>((resolveRoom, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no create event for patient ${patient.loginId}`)),
        15_000,
      );
      client.on('message', (topic, payload) => {
        if (topic !== topics.chatRoomEvent(provisional, 'create')) return;
        clearTimeout(timer);
        resolveRoom((JSON.parse(payload.toString()) as { room: { idx: number } }).room.idx);
      });
    });
    await client.publishAsync(
      topics.chatRoomEvent(provisional, 'message'),
      JSON.stringify({ clientMsgId, content: BOT ? FIRST_QUESTION : HANDOFF_PHRASE }),
      { qos: 1 },
    );
    try {
      return await created;
    } catch {
      // The room exists even if the event was missed: ask the API like a reconnecting app would.
      const room = await call<ChatRoom>(
        server,
        'GET',
        apiPaths.chat.currentRoom,
        undefined,
        patient.accessToken,
      );
      if (room.idx === undefined)
        throw new Error(`patient ${patient.loginId} has no room after the first message`);
      return room.idx;
    }
  } finally {
    await client.endAsync(true);
  }
}

/** One patient as the app makes one: sign-up through the API, login, choose a hospital (chat needs one, spec §5), a room. */
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
  const patient = { idx, loginId, accessToken: tokens.accessToken };
  return { ...patient, roomIdx: await openRoom(server, patient, `setup-${n}`) };
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
      result.otherPerSecond,
    ),
  );
}

async function main() {
  console.log(
    `broker: ${PATIENTS} patients, ${RATE}, ${BUSY_RATE} and ${STRESS_RATE} msgs/s each for ${DURATION_S} s, QoS 1, MQTT 3.1.1 over WebSocket, loopback; ` +
      (BOT
        ? `chatbot on (every other message an FAQ question it answers), latency at ${STAFF} staff consoles`
        : `chatbot handed off, latency at ${STAFF} staff consoles`) +
      (POSTGRES_ADMIN_URL ? `; PostgreSQL at ${new URL(POSTGRES_ADMIN_URL).host}` : '; PGlite'),
  );
  const scratch = POSTGRES_ADMIN_URL ? await scratchDatabase(POSTGRES_ADMIN_URL) : undefined;
  // The server reports its memory after a full GC when asked (bench/lib/gc-probe.mjs).
  const probeDir = mkdtempSync(join(tmpdir(), 'smartcare-gc-probe-'));
  const probeFile = join(probeDir, 'memory.json');
  // A hospital's staff roster (provision-staff.ts: 68 accounts in each hospital), of whom only
  // the consoles below are online: what the server does per room must not grow with the roster.
  const poolFile = join(probeDir, 'staff-pool.json');
  const loopFile = join(probeDir, 'loop.jsonl');
  const serverLog = join(resultsDir, scratch ? 'broker-server-postgres.log' : 'broker-server.log');
  const server = await startServer({
    logFile: serverLog,
    ...(scratch ? { databaseUrl: scratch.url } : {}),
    beforeStart: (dataDir) => provisionStaffPool(dataDir, poolFile, scratch?.url),
    // Hundreds of sign-ups and logins from one address in a minute is the benchmark, not an attack.
    env: {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ACCESS_TOKEN_TTL_S: '3600',
      LOGIN_RATE_LIMIT_PER_MIN: '100000',
      ACCOUNT_RATE_LIMIT_PER_MIN: '100000',
      // The benchmark's message rates are far beyond a person's: the publish limits would measure themselves.
      CHAT_MESSAGE_RATE: '100000/100000',
      CHAT_MESSAGE_RATE_PER_PERSON: '100000/100000',
      NURSE_CALL_RATE: '100000/100000',
      NURSE_CALL_RATE_PER_PATIENT: '100000/100000',
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ''} --import ${new URL('./lib/gc-probe.mjs', import.meta.url).href}${PROFILE ? ' --inspect=127.0.0.1:0' : ''}${LOOP ? ` --import ${new URL('./lib/loop-probe.mjs', import.meta.url).href}` : ''}`.trim(),
      GC_PROBE_FILE: probeFile,
      ...(LOOP ? { LOOP_PROBE_FILE: loopFile } : {}),
    },
  }).catch(async (error: unknown) => {
    await scratch?.drop();
    throw error;
  });
  const profiler: Profiler | null = PROFILE ? await connectProfiler(inspectorUrl(serverLog)) : null;
  const profiles: Record<string, TopFrame[]> = {};
  const mosquittoBinary = mosquittoPath();
  const mosquitto = mosquittoBinary ? await startMosquitto(mosquittoBinary) : null;
  if (!mosquitto)
    console.log('mosquitto is not installed (apt-get install -y mosquitto): the reference is skipped');
  const relay = await startAedesRelay().catch(async (error: unknown) => {
    profiler?.close();
    await mosquitto?.stop();
    await server.stop();
    await scratch?.drop();
    throw error;
  });

  try {
    const serverUrl = `ws://127.0.0.1:${server.port}${MQTT_PATH}`;
    // Connections first, on the freshly started server: the sign-ups below hash hundreds of
    // passwords (argon2id, tens of MB each), and the garbage they leave would be collected in
    // the middle of the ramp, pulling the memory slope down (even below zero). One login of
    // the demo patient, whose connections all follow its one room, is all the ramp needs.
    const demoTokens = await call<TokenPair>(server, 'POST', apiPaths.patient.login, {
      loginId: DEMO.patient,
      password: DEMO.password,
    });
    const demoIdx = (
      await call<{ idx: number }>(
        server,
        'GET',
        apiPaths.patient.getPatient,
        undefined,
        demoTokens.accessToken,
      )
    ).idx;
    const demoRoom = await openRoom(
      server,
      { idx: demoIdx, loginId: DEMO.patient, accessToken: demoTokens.accessToken },
      'ramp-setup',
    );
    const rampClient: LoadClient = {
      url: serverUrl,
      username: DEMO.patient,
      password: demoTokens.accessToken,
      roomTopic: `chat/${demoRoom}`,
    };
    console.log(
      `\nconnections: ramping to ${CONNECTIONS} authenticated connections (each subscribed to a room)`,
    );
    const serverRamp = await rampConnections(() => rampClient, {
      target: CONNECTIONS,
      batch: 100,
      warmupBatches: 3,
      pid: server.process.pid!,
      memory: gcProbeReader(server.process.pid!, probeFile),
    });
    const mosquittoRamp: RampResult | null = mosquitto
      ? await rampConnections(() => ({ url: mosquitto.url, roomTopic: `chat/${demoRoom}` }), {
          target: CONNECTIONS,
          batch: 100,
          warmupBatches: 3,
          pid: mosquitto.pid,
        })
      : null;
    console.log(row('', 'held', 'RSS before MB', 'RSS after MB', 'KB/conn RSS', 'KB/conn live', 'seconds'));
    const printRamp = (label: string, r: RampResult) =>
      console.log(
        row(
          label,
          r.held,
          (r.rssBeforeBytes / 2 ** 20).toFixed(0),
          (r.rssAfterBytes / 2 ** 20).toFixed(0),
          (r.bytesPerConnection / 1024).toFixed(1),
          r.liveBytesPerConnection === null ? '-' : (r.liveBytesPerConnection / 1024).toFixed(1),
          r.secondsToConnect,
        ),
      );
    printRamp('server process', serverRamp);
    if (serverRamp.firstFailure) console.log(`  first failure: ${serverRamp.firstFailure}`);
    if (mosquittoRamp) {
      printRamp('Mosquitto (ref.)', mosquittoRamp);
      // A collected runtime's resident memory says more about when pages were last returned
      // than about connections; what a connection keeps alive is its live memory after a GC.
      console.log(
        `ratio memory per connection server (live) / Mosquitto (RSS): ${ratio(serverRamp.liveBytesPerConnection ?? serverRamp.bytesPerConnection, mosquittoRamp.bytesPerConnection)}×`,
      );
    }

    const started = Date.now();
    const staffTokens = await call<TokenPair>(server, 'POST', apiPaths.staff.login, {
      loginId: DEMO.staff,
      password: DEMO.password,
    });
    const staff = await call<StaffProfile>(
      server,
      'GET',
      apiPaths.staff.getMyData,
      undefined,
      staffTokens.accessToken,
    );
    const roster = (JSON.parse(readFileSync(poolFile, 'utf8')) as PooledStaff[]).filter(
      (s) => s.hospitalIdx === staff.hospitalIdx,
    ).length;
    console.log(`\nthe consoles' hospital has ${roster} more staff accounts, none of them online`);
    const terms = await call<TermsSummary[]>(server, 'GET', apiPaths.terms.getTermsList);
    const requiredTerms = terms.filter((t) => t.required).map((t) => t.termsCode);
    const patients: BenchPatient[] = [];
    // A few at a time: sign-up and login hash passwords (argon2id), which is meant to be slow.
    for (let n = 0; n < PATIENTS; n += 8) {
      const batch = Array.from({ length: Math.min(8, PATIENTS - n) }, (_, k) =>
        createBenchPatient(server, n + k, staff.hospitalIdx, requiredTerms),
      );
      patients.push(...(await Promise.all(batch)));
    }
    console.log(
      `\n${patients.length} patients signed up, logged in and given a room in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const serverClients: LoadClient[] = patients.map((p) => ({
      url: serverUrl,
      username: p.loginId,
      password: p.accessToken,
      roomTopic: `chat/${p.roomIdx}`,
    }));
    const mosquittoClients: LoadClient[] = mosquitto
      ? patients.map((p) => ({ url: mosquitto.url, roomTopic: `chat/${p.roomIdx}` }))
      : [];
    // Each console follows the inbox and its share of the rooms.
    const watcherTopics = (w: number) => [
      topics.staffInbox(staff.hospitalIdx, staff.idx),
      ...patients.filter((_, i) => i % STAFF === w).map((p) => topics.chatRoomAll(p.roomIdx)),
    ];
    const serverWatchers: LoadWatcher[] = Array.from({ length: STAFF }, (_, w) => ({
      url: serverUrl,
      username: DEMO.staff,
      password: staffTokens.accessToken,
      subscriptions: watcherTopics(w),
    }));
    const mosquittoWatchers: LoadWatcher[] = mosquitto
      ? Array.from({ length: STAFF }, (_, w) => ({ url: mosquitto.url, subscriptions: watcherTopics(w) }))
      : [];
    const relayClients: LoadClient[] = patients.map((p) => ({
      url: relay.url,
      roomTopic: `chat/${p.roomIdx}`,
    }));
    const relayWatchers: LoadWatcher[] = Array.from({ length: STAFF }, (_, w) => ({
      url: relay.url,
      subscriptions: watcherTopics(w),
    }));

    console.log('');
    console.log(row('', 'offered/s', 'delivered/s', 'p50 ms', 'p99 ms', 'late/lost', 'other/s'));
    const loads: Record<string, { server: LoadResult; mosquitto: LoadResult | null; relay: LoadResult }> = {};
    /**
     * CPU ms each process spent in each phase per message delivered to the staff consoles (see
     * cpuMilliseconds): on a busy machine a process given less CPU delivers less, but spends
     * about the same per message.
     */
    const cpuPerMessage: Record<string, { server: number; mosquitto: number | null; relay: number }> = {};
    /**
     * The bench's own clients' CPU ms a second in each phase, against each broker: they share
     * the machine's cores with the broker, so what they need is a part of its latency.
     */
    const clientCpu: Record<string, { server: number; mosquitto: number | null }> = {};
    const ownCpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const perMessage = (cpuMs: number, load: LoadResult) =>
      Math.round((cpuMs / Math.max(1, load.deliveredPerSecond * DURATION_S)) * 1000) / 1000;
    const perSecond = (cpuMs: number, load: LoadResult) => Math.round(cpuMs / load.durationSeconds);
    for (const [phase, rate] of [
      ['steady', RATE],
      ['busy', BUSY_RATE],
      ['stress', STRESS_RATE],
    ] as const) {
      const serverCpuBefore = cpuMilliseconds(server.process.pid!);
      await profiler?.start();
      const clientCpuBefore = ownCpuMs();
      const onServer = await runChatLoad(serverClients, {
        loadName: phase,
        messagesPerClientPerSecond: rate,
        durationSeconds: DURATION_S,
        watchers: serverWatchers,
        content,
      });
      const serverCpu = cpuMilliseconds(server.process.pid!) - serverCpuBefore;
      const clientCpuOnServer = ownCpuMs() - clientCpuBefore;
      if (profiler)
        profiles[phase] = await profiler.stop(
          join(resultsDir, `broker${scratch ? '-postgres' : ''}-${phase}.cpuprofile`),
        );
      printLoad(`server /mqtt, ${phase}`, onServer);
      const mosquittoCpuBefore = mosquitto ? cpuMilliseconds(mosquitto.pid) : 0;
      const clientCpuBeforeMosquitto = ownCpuMs();
      const onMosquitto = mosquitto
        ? await runChatLoad(mosquittoClients, {
            loadName: phase,
            messagesPerClientPerSecond: rate,
            durationSeconds: DURATION_S,
            watchers: mosquittoWatchers,
            content,
          })
        : null;
      const clientCpuOnMosquitto = ownCpuMs() - clientCpuBeforeMosquitto;
      if (onMosquitto) printLoad(`Mosquitto (ref.), ${phase}`, onMosquitto);
      const relayCpuBefore = cpuMilliseconds(relay.pid);
      const onRelay = await runChatLoad(relayClients, {
        loadName: phase,
        messagesPerClientPerSecond: rate,
        durationSeconds: DURATION_S,
        watchers: relayWatchers,
        content,
      });
      printLoad(`aedes relay (floor), ${phase}`, onRelay);
      clientCpu[phase] = {
        server: perSecond(clientCpuOnServer, onServer),
        mosquitto: onMosquitto ? perSecond(clientCpuOnMosquitto, onMosquitto) : null,
      };
      cpuPerMessage[phase] = {
        server: perMessage(serverCpu, onServer),
        mosquitto:
          mosquitto && onMosquitto
            ? perMessage(cpuMilliseconds(mosquitto.pid) - mosquittoCpuBefore, onMosquitto)
            : null,
        relay: perMessage(cpuMilliseconds(relay.pid) - relayCpuBefore, onRelay),
      };
      loads[phase] = { server: onServer, mosquitto: onMosquitto, relay: onRelay };
    }
    console.log(
      '(other/s: what the staff consoles received besides the measured messages: bot answers, inbox summaries, room updates)',
    );
    for (const [phase, cpu] of Object.entries(cpuPerMessage)) {
      console.log(
        `CPU ms per delivered message, ${phase}: server ${cpu.server}` +
          (cpu.mosquitto === null ? '' : `, Mosquitto ${cpu.mosquitto}`) +
          `, aedes relay ${cpu.relay}`,
      );
    }
    for (const [phase, cpu] of Object.entries(clientCpu)) {
      console.log(
        `the bench's clients' CPU ms a second, ${phase}: against the server ${cpu.server}` +
          (cpu.mosquitto === null ? '' : `, against Mosquitto ${cpu.mosquitto}`),
      );
    }
    for (const [phase, { server: s, mosquitto: m, relay: r }] of Object.entries(loads)) {
      if (m) {
        console.log(
          `ratio server / Mosquitto, ${phase}: delivered ${ratio(s.deliveredPerSecond, m.deliveredPerSecond)}×, p50 ${ratio(s.latencyP50Ms, m.latencyP50Ms)}×, p99 ${ratio(s.latencyP99Ms, m.latencyP99Ms)}×` +
            `; aedes relay / Mosquitto: p99 ${ratio(r.latencyP99Ms, m.latencyP99Ms)}×`,
        );
      }
    }

    const loop: Record<string, LoopReport | null> = {};
    if (LOOP) {
      console.log('');
      for (const [phase, { server: s }] of Object.entries(loads)) {
        const report = (loop[phase] = loopReport(loopFile, s.publishedFrom, s.publishedUntil));
        if (!report) continue;
        const within = report.inLongIterationsMsPerSecond;
        console.log(
          `server event loop, ${phase}: ${report.longIterationsPerSecond} iterations over 4 ms a second, ` +
            `${report.longIterationMsPerSecond} ms a second of them (longest ${report.longestIterationMs} ms): ` +
            (within.onCpu === null
              ? ''
              : `on a CPU ${within.onCpu}, waiting for one ${within.waitingForCpu}, `) +
            `in statements ${within.statements}, collecting garbage ${within.collection} ms a second; ` +
            `garbage collection in all ${report.collectionMsPerSecond} ms a second (longest ${report.longestCollectionMs} ms)`,
        );
        for (const { sql, count, totalMs, longestMs } of report.slowStatements.slice(0, 3))
          console.log(
            `  statements over 3 ms: ${count} × "${sql}…", ${totalMs} ms (longest ${longestMs} ms)`,
          );
      }
    }

    for (const [phase, frames] of Object.entries(profiles)) {
      console.log(`\nserver CPU profile, ${phase}: the functions with the most self time`);
      for (const { frame, selfPercent, selfMs } of frames)
        console.log(`  ${String(selfPercent).padStart(5)} %  ${String(selfMs).padStart(6)} ms  ${frame}`);
    }

    const file = writeResult(scratch ? 'broker-postgres' : 'broker', {
      database: scratch ? 'postgres' : 'pglite',
      patients: PATIENTS,
      durationSeconds: DURATION_S,
      qos: 1,
      chatbot: BOT,
      staffConsoles: STAFF,
      loads,
      cpuMsPerDeliveredMessage: cpuPerMessage,
      benchClientsCpuMsPerSecond: clientCpu,
      ratios: Object.fromEntries(
        Object.entries(loads).map(([phase, { server: s, mosquitto: m, relay: r }]) => [
          phase,
          m
            ? {
                delivered: ratio(s.deliveredPerSecond, m.deliveredPerSecond),
                p50: ratio(s.latencyP50Ms, m.latencyP50Ms),
                p99: ratio(s.latencyP99Ms, m.latencyP99Ms),
                relayP99: ratio(r.latencyP99Ms, m.latencyP99Ms),
              }
            : null,
        ]),
      ),
      connections: { server: serverRamp, mosquitto: mosquittoRamp },
      ...(profiler ? { profiles } : {}),
      ...(LOOP ? { loop } : {}),
    });
    console.log(`results: ${file}`);
  } finally {
    profiler?.close();
    await mosquitto?.stop();
    await relay.stop();
    await server.stop();
    await scratch?.drop();
    rmSync(probeDir, { recursive: true, force: true });
  }
}

await main();
