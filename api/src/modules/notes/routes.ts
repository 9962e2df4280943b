import Router from '@koa/router';
import type { Context } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { perUserLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { noteEdit, noteInput, notesQuery } from './schemas.js';
import type { NotesService } from './service.js';

export interface NoteServices {
  notes: NotesService;
}

/** A student's private lesson notes (#35): every route reads and writes the caller's own only. */
export function noteRoutes({ auth }: AppDeps, { notes }: NoteServices): Router {
  const router = new Router();
  const signedIn = authenticate(auth.verifier, { required: true });
  const limited = perUserLimit('notes');
  const param = (ctx: Context, name: string) => (ctx.params as Record<string, string | undefined>)[name] ?? '';
  const me = (ctx: Context) => callerOf(ctx.state).userId;

  router.get('/courses/:courseId/notes', signedIn, async (ctx) => {
    const { lectureId } = parseInput(notesQuery, ctx.query);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, notes: await notes.list(me(ctx), param(ctx, 'courseId'), lectureId) };
  });

  router.get('/courses/:courseId/notes/export', signedIn, async (ctx) => {
    const { fileName, markdown } = await notes.exportMarkdown(me(ctx), param(ctx, 'courseId'));
    cacheFor(ctx, cache.privateNone);
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = markdown;
  });

  router.post('/courses/:courseId/notes', signedIn, limited, async (ctx) => {
    const input = parseInput(noteInput, ctx.request.body);
    const note = await notes.create(me(ctx), param(ctx, 'courseId'), input);
    ctx.status = 201;
    ctx.body = { success: true, message: 'Note saved', note };
  });

  router.patch('/notes/:id', signedIn, limited, async (ctx) => {
    const edit = parseInput(noteEdit, ctx.request.body);
    const note = await notes.edit(me(ctx), param(ctx, 'id'), edit);
    ctx.body = { success: true, message: 'Note updated', note };
  });

  router.delete('/notes/:id', signedIn, limited, async (ctx) => {
    await notes.remove(me(ctx), param(ctx, 'id'));
    ctx.body = { success: true, message: 'Note deleted' };
  });

  return router;
}
