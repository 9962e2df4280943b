export interface MongoTestServer {
  uri: string;
  postgresqlUrl: string;
  startFerretDb(): Promise<void>;
  stopFerretDb(): Promise<void>;
  close(): void;
}
export declare function findFerretDb(): string | null;
export declare function findPostgresBin(): string | null;
export declare function missingPrerequisite(): string | null;
export declare function startMongoTestServer(): Promise<MongoTestServer>;
export declare function provideMongoTestServer(): Promise<(() => void) | null>;
export default function setup(): Promise<(() => void) | undefined>;
