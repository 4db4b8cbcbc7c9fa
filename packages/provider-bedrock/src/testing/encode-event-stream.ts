import { crc32 } from 'node:zlib';

/** One string-valued header: name length, name, type 7 (string), value length, value. */
function stringHeader(name: string, value: string): Buffer {
  const nameBytes = Buffer.from(name);
  const valueBytes = Buffer.from(value);
  const header = Buffer.alloc(1 + nameBytes.length + 1 + 2 + valueBytes.length);
  header.writeUInt8(nameBytes.length, 0);
  nameBytes.copy(header, 1);
  header.writeUInt8(7, 1 + nameBytes.length);
  header.writeUInt16BE(valueBytes.length, 2 + nameBytes.length);
  valueBytes.copy(header, 4 + nameBytes.length);
  return header;
}

/**
 * One message of AWS's event stream encoding (`application/vnd.amazon.eventstream`), written here
 * from the format's description rather than with the library the provider decodes with: a 12-byte
 * prelude (total length, headers length, CRC32 of those 8 bytes), the headers, the payload, and a
 * CRC32 of everything before it.
 */
export function encodeEventStreamMessage(headers: Readonly<Record<string, string>>, payload: string): Buffer {
  const headerBytes = Buffer.concat(Object.entries(headers).map(([name, value]) => stringHeader(name, value)));
  const payloadBytes = Buffer.from(payload);
  const total = 12 + headerBytes.length + payloadBytes.length + 4;
  const message = Buffer.alloc(total);
  message.writeUInt32BE(total, 0);
  message.writeUInt32BE(headerBytes.length, 4);
  message.writeUInt32BE(crc32(message.subarray(0, 8)), 8);
  headerBytes.copy(message, 12);
  payloadBytes.copy(message, 12 + headerBytes.length);
  message.writeUInt32BE(crc32(message.subarray(0, total - 4)), total - 4);
  return message;
}

/** An InvokeModelWithResponseStream `chunk` event carrying one Anthropic event (its JSON, base64 in `bytes`). */
export function chunkMessage(anthropicEventJson: string): Buffer {
  const payload = JSON.stringify({ bytes: Buffer.from(anthropicEventJson).toString('base64') });
  return encodeEventStreamMessage({ ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' }, payload);
}

/** A stream exception (`throttlingException`, `modelStreamErrorException`, …). */
export function exceptionMessage(type: string, message: string): Buffer {
  return encodeEventStreamMessage({ ':exception-type': type, ':content-type': 'application/json', ':message-type': 'exception' }, JSON.stringify({ message }));
}
