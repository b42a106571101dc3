import { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * Bounds what one MQTT connection may make the server hold, counted on the byte stream in
 * front of aedes: its parser buffers a packet until the declared remaining length has
 * arrived, so a CONNECT declaring 250 MB, streamed in 64 KB WebSocket frames, would be held
 * whole. The guard reads each packet's fixed header itself and closes the connection as soon
 * as a declared length (or the bytes sent before login) exceed the limits.
 */
export interface MqttSizeLimits {
  /** Everything a client may send until it is authenticated (its CONNECT and any early packets). */
  beforeAuthBytes: number;
  /** The largest packet (remaining length) once authenticated. */
  packetBytes: number;
}

export const DEFAULT_MQTT_SIZE_LIMITS: MqttSizeLimits = { beforeAuthBytes: 8 * 1024, packetBytes: 64 * 1024 };

export class MqttSizeExceeded extends Error {
  override name = 'MqttSizeExceeded';
}

/**
 * Reads the fixed headers out of each chunk (MQTT 3.1.1 §2.2: a type byte, then a 1–4 byte
 * variable-length integer) and reports an error once a limit is passed. One plain object
 * per connection: its state as fields, not a closure and a context (about 250 bytes less).
 */
export class PacketCounter {
  readonly #limits: MqttSizeLimits;
  /** Bytes of the current packet's body still to pass. */
  #remaining = 0;
  /** Inside a fixed header: the bytes of its remaining-length field read so far. */
  #lengthBytes = 0;
  #length = 0;
  #multiplier = 1;
  #inHeader = true;
  /** The header's first byte has been read, its length field is being read. */
  #haveType = false;
  #authenticated = false;
  #bytesBeforeAuth = 0;

  constructor(limits: MqttSizeLimits) {
    this.#limits = limits;
  }

  authenticated(): void {
    this.#authenticated = true;
  }

  /** An error once a limit is passed, null otherwise. */
  count(chunk: Buffer): MqttSizeExceeded | null {
    const limits = this.#limits;
    if (!this.#authenticated) {
      this.#bytesBeforeAuth += chunk.length;
      if (this.#bytesBeforeAuth > limits.beforeAuthBytes)
        return new MqttSizeExceeded(`more than ${limits.beforeAuthBytes} bytes before login`);
    }
    let offset = 0;
    while (offset < chunk.length) {
      if (!this.#inHeader) {
        const take = Math.min(this.#remaining, chunk.length - offset);
        this.#remaining -= take;
        offset += take;
        if (this.#remaining === 0) this.#inHeader = true;
        continue;
      }
      const byte = chunk[offset++]!;
      if (!this.#haveType) {
        this.#haveType = true;
        this.#length = 0;
        this.#multiplier = 1;
        this.#lengthBytes = 0;
        continue;
      }
      this.#length += (byte & 0x7f) * this.#multiplier;
      this.#multiplier *= 128;
      this.#lengthBytes += 1;
      if (byte & 0x80) {
        if (this.#lengthBytes >= 4) return new MqttSizeExceeded('malformed remaining length');
        continue;
      }
      const limit = this.#authenticated ? limits.packetBytes : limits.beforeAuthBytes;
      if (this.#length > limit)
        return new MqttSizeExceeded(`packet of ${this.#length} bytes declared (limit ${limit})`);
      this.#haveType = false;
      this.#remaining = this.#length;
      this.#inHeader = this.#length === 0;
    }
    return null;
  }
}

export function createPacketCounter(limits: MqttSizeLimits): PacketCounter {
  return new PacketCounter(limits);
}

function onMessage(this: WebSocket, data: Buffer): void {
  streams.get(this)?.received(data);
}
function onClose(this: WebSocket): void {
  const stream = streams.get(this);
  if (!stream || stream.destroyed) return;
  stream.push(null);
  stream.destroy();
}
function onError(this: WebSocket, error: Error): void {
  streams.get(this)?.destroy(error);
}
/** The stream of each socket, for the listeners above: shared functions, not closures per connection. */
const streams = new WeakMap<WebSocket, MqttSizeGuard>();

/**
 * The connection as the stream aedes reads and writes, straight over the WebSocket, with the
 * counter in front of the parser. (It replaces ws' createWebSocketStream and a second stream
 * around it: each stream with its closures cost about a kilobyte per connection.) Several
 * corked pieces are written as one message: mqtt-packet writes each packet in pieces under
 * one cork, and MQTT over WebSocket allows a frame to carry several packets, or part of one.
 */
export class MqttSizeGuard extends Duplex {
  readonly #socket: WebSocket;
  readonly #counter: PacketCounter;
  readonly #onExceeded: (error: MqttSizeExceeded, guard: MqttSizeGuard) => void;

  /**
   * `onExceeded` is told which guard closed: one function can serve every connection
   * (a closure per connection over its address cost about 100 bytes each).
   */
  constructor(
    socket: WebSocket,
    limits: MqttSizeLimits,
    onExceeded: (error: MqttSizeExceeded, guard: MqttSizeGuard) => void,
  ) {
    super({ allowHalfOpen: false });
    this.#socket = socket;
    this.#counter = new PacketCounter(limits);
    this.#onExceeded = onExceeded;
    streams.set(socket, this);
    socket.on('message', onMessage);
    socket.on('close', onClose);
    socket.on('error', onError);
  }

  /** A message from the client: counted, then handed to the parser. */
  received(chunk: Buffer): void {
    if (this.destroyed) return;
    const error = this.#counter.count(chunk);
    if (error) {
      this.#onExceeded(error, this);
      // Nothing of the offending bytes reaches the parser, and the socket goes at once.
      this.destroy();
      return;
    }
    if (!this.push(chunk)) this.#socket.pause();
  }

  /**
   * The client's address, read when asked (while the socket is open): Node keeps the
   * address it reads on the socket for the socket's life, about 100 bytes a connection
   * for a figure only an oversized connection's warning needs.
   */
  get address(): string | undefined {
    return (this.#socket as unknown as { _socket?: { remoteAddress?: string } })._socket?.remoteAddress;
  }

  /** From now on, each packet may be as large as `packetBytes`. */
  authenticated(): void {
    this.#counter.authenticated();
  }

  override _read(): void {
    if (this.#socket.isPaused) this.#socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#socket.send(chunk, callback);
  }

  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    callback: (error?: Error | null) => void,
  ): void {
    this.#socket.send(Buffer.concat(chunks.map(({ chunk }) => chunk)), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#socket.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.#socket.readyState !== this.#socket.CLOSED) this.#socket.terminate();
    callback(error);
  }
}
