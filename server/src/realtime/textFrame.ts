/**
 * A complete, unmasked WebSocket text frame (RFC 6455 section 5.2: FIN and opcode 1, then the payload length in 7,
 * 7+16 or 7+64 bits) around an encoded payload. The hub frames an event once and writes the same bytes to each of its
 * sockets: through ws's sender, each socket made its own header and two writes per frame.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
