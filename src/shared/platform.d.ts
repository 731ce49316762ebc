/**
 * The few web-platform APIs that src/shared uses and that both runtimes have (Node and every
 * browser we support): shared code is type-checked without the DOM's or Node's own types, so
 * anything else they offer cannot slip in.
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class URLSearchParams {
  constructor(init?: string | Record<string, string>);
  set(name: string, value: string): void;
  get(name: string): string | null;
  toString(): string;
}
