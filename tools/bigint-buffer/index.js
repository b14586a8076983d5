'use strict';
// Stands in for the bigint-buffer package under @solana/spl-token (through
// @solana/buffer-layout-utils, for its u64 amounts). That package's native half is not built
// here (package.json allowScripts: its C code has a known buffer overflow), so its JS fallback
// printed "bigint: Failed to load bindings" on every start, and it silently cut a value too wide
// for its field. The same four functions, in plain JavaScript because buffer-layout-utils
// requires them at run time; a value that does not fit is refused.

function toBigIntBE(bytes) {
  return bytes.length === 0 ? 0n : BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}

function toBigIntLE(bytes) {
  return toBigIntBE(Buffer.from(bytes).reverse());
}

function toBufferBE(value, width) {
  const number = BigInt(value);
  if (number < 0n || number >= 1n << BigInt(width * 8))
    throw new RangeError(`${number} does not fit in ${width} unsigned bytes`);
  return Buffer.from(number.toString(16).padStart(width * 2, '0'), 'hex');
}

function toBufferLE(value, width) {
  return toBufferBE(value, width).reverse();
}

exports.toBigIntBE = toBigIntBE;
exports.toBigIntLE = toBigIntLE;
exports.toBufferBE = toBufferBE;
exports.toBufferLE = toBufferLE;
