// The WHATWG URL that Node and every browser have, for type-checking contracts' own .js files
// (their lib is ES2023 only, no DOM). Not exported: consumers have their own.
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
