import ipaddr from 'ipaddr.js';

// The operator's address pools (EXTERNAL_IPV4_POOL, EXTERNAL_IPV6_POOL): CIDR ranges, handed out lowest
// address first. An IPv4 range's network and broadcast addresses are never handed out.

export type Family = 4 | 6;

interface Range {
  first: bigint;
  last: bigint;
}

export interface AddressPool {
  family: Family;
  ranges: Range[];
}

const BITS: Record<Family, number> = { 4: 32, 6: 128 };

const toBigInt = (bytes: number[]) => bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);

function toAddress(family: Family, value: bigint): string {
  const bytes: number[] = [];
  for (let index = 0; index < BITS[family] / 8; index += 1) {
    bytes.unshift(Number((value >> BigInt(index * 8)) & 0xffn));
  }
  return ipaddr.fromByteArray(bytes).toString();
}

/** The pool of comma-separated CIDRs of one family; throws naming the entry that is not one. */
export function parsePool(family: Family, text: string): AddressPool {
  const ranges = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry): Range => {
      const [address, prefix] = ipaddr.parseCIDR(entry);
      if ((address.kind() === 'ipv4' ? 4 : 6) !== family)
        throw new Error(`${entry} is not an IPv${family} range`);
      const hostBits = BigInt(BITS[family] - prefix);
      const first = (toBigInt(address.toByteArray()) >> hostBits) << hostBits;
      const last = first + (1n << hostBits) - 1n;
      // IPv4 keeps a range's network and broadcast addresses out, where it has more than two.
      return family === 4 && hostBits > 1n ? { first: first + 1n, last: last - 1n } : { first, last };
    });
  if (ranges.length === 0) throw new Error(`no IPv${family} range given`);
  return { family, ranges };
}

/** The lowest address of the pool that is not in `used` (addresses as ipaddr.js writes them), if any. */
export function firstFree(pool: AddressPool, used: ReadonlySet<string>): string | undefined {
  for (const range of pool.ranges) {
    // At most used.size addresses are taken: one more look always finds a free one, if the range has it.
    const end = range.first + BigInt(used.size) + 1n;
    for (let value = range.first; value <= range.last && value <= end; value += 1n) {
      const address = toAddress(pool.family, value);
      if (!used.has(address)) return address;
    }
  }
  return undefined;
}
