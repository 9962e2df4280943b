/**
 * The baseline for `pnpm bench:api`: a bare Koa + @koa/router JSON route, no middleware at all.
 * Usage: PORT=<port> node bench/bare-koa.mjs (prints "listening <port>" when ready).
 */
import Router from '@koa/router';
import Koa from 'koa';

const app = new Koa();
const router = new Router();
router.get('/ping', (ctx) => {
  ctx.body = { success: true, message: 'ok' };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
