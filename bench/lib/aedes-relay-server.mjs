// Started by bench/lib/aedes-relay.ts: the server's own MQTT library (aedes) behind its own
// WebSocket library (ws), relaying what it receives: no login, no authorisation, nothing
// stored, no bot, no inbox. Plain JavaScript so it starts without a TypeScript loader.
import { createServer } from 'node:http';
import { Aedes } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';

const broker = await Aedes.createBroker({});
const http = createServer();
const sockets = new WebSocketServer({ server: http });
sockets.on('connection', (socket) => broker.handle(createWebSocketStream(socket)));
http.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${http.address().port}\n`));
