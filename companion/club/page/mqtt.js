"use strict";
// A minimal MQTT 3.1.1 subscriber over WebSocket (subprotocol "mqtt", as Mosquitto's websockets listener
// speaks it): CONNECT, SUBSCRIBE, PUBLISH received at QoS 0 and 1 (acknowledged with PUBACK), PINGREQ, and a
// reconnection every few seconds. It never publishes: the scoreboard's account may only read.
// Written for this page (the room has no internet, so no script comes from a CDN); OASIS MQTT 3.1.1, sections
// 2 (fixed header, remaining length) and 3 (each packet).

class MqttSubscriber {
  constructor(url, options) {
    this.url = url;
    this.username = options.username || "";
    this.password = options.password || "";
    this.clientId = options.clientId || "scoreboard-" + Math.random().toString(16).slice(2, 10);
    this.keepalive = options.keepalive || 30;
    this.filters = options.filters || [];  // [[topic filter, qos], ...]
    this.onMessage = options.onMessage || (() => {});
    this.onStatus = options.onStatus || (() => {});
    this.retryMs = options.retryMs || 2000;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
  }

  start() {
    this.buffer = new Uint8Array(0);
    let ws;
    try {
      ws = new WebSocket(this.url, ["mqtt"]);
    } catch (error) {
      this.onStatus("error", String(error));
      setTimeout(() => this.start(), this.retryMs);
      return;
    }
    ws.binaryType = "arraybuffer";
    ws.onopen = () => ws.send(this.connectPacket());
    ws.onmessage = (event) => this.receive(new Uint8Array(event.data));
    ws.onerror = () => ws.close();
    ws.onclose = () => {
      clearInterval(this.pinger);
      this.onStatus("disconnected");
      setTimeout(() => this.start(), this.retryMs);
    };
    this.ws = ws;
  }

  string(text) {
    const bytes = this.encoder.encode(text);
    return [bytes.length >> 8, bytes.length & 0xff, ...bytes];
  }

  packet(type, body) {
    const length = [];
    let n = body.length;
    do {
      let digit = n % 128;
      n = Math.floor(n / 128);
      if (n > 0) digit |= 0x80;
      length.push(digit);
    } while (n > 0);
    return new Uint8Array([type, ...length, ...body]);
  }

  connectPacket() {
    let flags = 0x02;  // a clean session: the page wants the retained states, not what it missed
    if (this.username) flags |= 0x80;
    if (this.password) flags |= 0x40;
    const body = [...this.string("MQTT"), 4, flags, this.keepalive >> 8, this.keepalive & 0xff];
    body.push(...this.string(this.clientId));
    if (this.username) body.push(...this.string(this.username));
    if (this.password) body.push(...this.string(this.password));
    return this.packet(0x10, body);
  }

  subscribePacket() {
    const body = [0, 1];  // packet identifier 1: one subscription per connection
    for (const [filter, qos] of this.filters) body.push(...this.string(filter), qos);
    return this.packet(0x82, body);
  }

  receive(bytes) {
    const joined = new Uint8Array(this.buffer.length + bytes.length);
    joined.set(this.buffer);
    joined.set(bytes, this.buffer.length);
    let at = 0;
    while (true) {
      // A packet: one byte of type and flags, 1 to 4 bytes of remaining length, then that many bytes.
      let length = 0, multiplier = 1, i = at + 1, complete = false;
      while (i < joined.length && i < at + 5) {
        const digit = joined[i++];
        length += (digit & 0x7f) * multiplier;
        multiplier *= 128;
        if ((digit & 0x80) === 0) { complete = true; break; }
      }
      if (!complete || i + length > joined.length) break;
      this.handle(joined[at], joined.subarray(i, i + length));
      at = i + length;
    }
    this.buffer = joined.slice(at);
  }

  handle(first, body) {
    const type = first >> 4;
    if (type === 2) {  // CONNACK
      if (body[1] !== 0) {
        this.onStatus("refused", "CONNACK " + body[1]);
        this.ws.close();
        return;
      }
      this.ws.send(this.subscribePacket());
      this.pinger = setInterval(() => this.ws.send(new Uint8Array([0xc0, 0])), this.keepalive * 500);
    } else if (type === 9) {  // SUBACK: 0x80 for a filter the ACL refuses
      const refused = Array.from(body.subarray(2)).some((code) => code === 0x80);
      this.onStatus(refused ? "refused" : "connected", refused ? "SUBACK" : "");
    } else if (type === 3) {  // PUBLISH
      const qos = (first >> 1) & 3;
      const topicLength = (body[0] << 8) | body[1];
      const topic = this.decoder.decode(body.subarray(2, 2 + topicLength));
      let at = 2 + topicLength;
      if (qos > 0) {
        this.ws.send(new Uint8Array([0x40, 2, body[at], body[at + 1]]));  // PUBACK
        at += 2;
      }
      this.onMessage(topic, this.decoder.decode(body.subarray(at)), (first & 1) === 1);
    }
  }
}
