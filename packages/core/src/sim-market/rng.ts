/** A seeded source of uniform, normal and exponential draws; never touches Math.random. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal (mean 0, variance 1). */
  normal(): number;
  /** Exponential with mean 1. */
  exponential(): number;
}

// murmur3's finaliser: spreads every input bit over the 32-bit output.
function fmix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hashString(text: string): number {
  let h = 0x811c9dc5; // FNV-1a offset basis
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** One 32-bit seed from parts, e.g. (seed, localDay): independent streams per day. */
export function hashSeed(...parts: readonly (number | string)[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    const value = typeof part === 'string' ? hashString(part) : Math.floor(part) >>> 0;
    // Numbers past 2^32 (epoch ms) keep their high bits.
    const high = typeof part === 'number' ? Math.floor(part / 0x100000000) >>> 0 : 0;
    h = fmix32(h ^ value) ^ fmix32(high + 0x632be5ab);
  }
  return h >>> 0;
}

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k));

/** xoshiro128** seeded through splitmix32, so that nearby seeds give unrelated streams. */
class Xoshiro128 implements Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;
  private spare = Number.NaN;

  constructor(seed: number) {
    let sm = seed;
    const splitmix = (): number => {
      sm = (sm + 0x9e3779b9) | 0;
      let t = sm ^ (sm >>> 16);
      t = Math.imul(t, 0x21f0aaad);
      t ^= t >>> 15;
      t = Math.imul(t, 0x735a2d97);
      return t ^ (t >>> 15);
    };
    this.s0 = splitmix();
    this.s1 = splitmix();
    this.s2 = splitmix();
    this.s3 = splitmix();
  }

  next(): number {
    const s1 = this.s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const s2 = this.s2 ^ this.s0;
    const s3 = this.s3 ^ s1;
    this.s1 = s1 ^ s2;
    this.s0 = this.s0 ^ s3;
    this.s2 = s2 ^ (s1 << 9);
    this.s3 = rotl(s3, 11);
    return result / 0x100000000;
  }

  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const value = this.spare;
      this.spare = Number.NaN;
      return value;
    }
    // Box–Muller; 1 - u keeps log away from 0.
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }

  exponential(): number {
    return -Math.log(1 - this.next());
  }
}

export function createRng(seed: number | string): Rng {
  return new Xoshiro128(hashSeed(seed));
}
