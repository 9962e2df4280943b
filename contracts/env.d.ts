// The WHATWG URL that Node and every browser have, for type-checking contracts' own source, whose
// lib is ES2023 only (no DOM, no Node types: nothing in src may use either). Outside src, so it is
// neither built nor seen by the packages that compile src: they have their own URL (DOM or Node).
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly port: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly searchParams: { get(name: string): string | null };
}
