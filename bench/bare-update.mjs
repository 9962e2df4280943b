/**
 * The reference for progress updates on MongoDB in `pnpm bench:api`: what the database itself takes
 * for one update per request. A bare Koa + @koa/router route, no middleware, that reads the JSON body
 * and makes the same single write as the API's `POST /api/user/update-course-progress`: an upsert of
 * `{ userId, courseId }` adding the lecture (collection `bareProgress`, unique on userId + courseId
 * as the API's). Usage: PORT=<port> MONGODB_URI=<uri> node bench/bare-update.mjs.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Router from '@koa/router';
import Koa from 'koa';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { MongoClient } = createRequire(path.join(root, 'api/package.json'))('mongodb');

const client = new MongoClient(process.env.MONGODB_URI ?? '', { serverSelectionTimeoutMS: 5000 });
await client.connect();
const progress = client.db().collection('bareProgress');
await progress.createIndex({ userId: 1, courseId: 1 }, { unique: true });

/** @param {import('koa').Context} ctx */
function body(ctx) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    ctx.req.on('data', (chunk) => chunks.push(chunk));
    ctx.req.once('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    ctx.req.once('error', reject);
  });
}

const app = new Koa();
const router = new Router();
router.get('/ping', (ctx) => {
  ctx.body = { success: true, message: 'ok' };
});
router.post('/update', async (ctx) => {
  const { userId, courseId, lectureId } = await body(ctx);
  const filter = { userId, courseId };
  const update = { $addToSet: { lectureCompleted: lectureId } };
  let result;
  try {
    result = await progress.updateOne(filter, update, { upsert: true });
  } catch (error) {
    // Two first completions at once: the loser updates the winner's record (as the API's store does).
    if (error?.code !== 11000 && !/UNIQUE constraint failed/.test(String(error?.message))) throw error;
    result = await progress.updateOne(filter, update);
  }
  const isNew = result.upsertedCount > 0 || result.modifiedCount > 0;
  ctx.body = { success: true, message: isNew ? 'Lecture marked as completed' : 'Lecture already completed' };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.once('SIGTERM', () => server.close(() => client.close().then(() => process.exit(0))));
