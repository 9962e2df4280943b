import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { MailDoc } from '../src/modules/mail/repository.js';
import { testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { startSmtpServer } from './support/smtp.js';
import { bothStores } from './support/stores.js';

/**
 * Wishlist price-drop mails (#30): every 1-paisa cut mailed every student who saved the course
 * again. Now a student hears of a drop of at least 5 % below what they last heard (or saved at),
 * at most once a week per course, unless it becomes free. Through the real SMTP server.
 */

const DAY = 24 * 60 * 60_000;
type Account = { token: string; userId: string };

for (const adapter of bothStores('price-drop-mails')) {
  describe.runIf(adapter.enabled)(`price-drop mails: ${adapter.name}`, { timeout: 120_000 }, () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let api: TestApi;
    let owner: Account;
    let student: Account;
    let course: CourseDoc;
    // Moved forward by the test; tokens are checked against the real time, so it starts now.
    let now = new Date();

    beforeAll(async () => {
      smtp = await startSmtpServer();
      api = await startTestApi({
        store: await adapter.open(),
        clock: { now: () => new Date(now) },
        config: { mail: { smtpUrl: smtp.url, from: 'Courseport <no-reply@test>' } },
      });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      student = await userWithProfile(api, 'wisher@example.com');
      course = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: 'Saved for later', coursePrice: 500 });
      await api.deps.store.collection<CourseDoc>('courses').insertOne(course);
    });
    afterAll(async () => {
      await api?.close();
      await smtp?.close();
    });

    const setPrice = async (coursePrice: number) => {
      const res = await api.json(`/api/educator/courses/${course._id}`, {
        method: 'PATCH',
        headers: { ...bearer(owner.token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ coursePrice }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    /** How many price-drop mails were written for the student (each then delivered by SMTP, its text dropped). */
    const written = () =>
      api.deps.store.collection<MailDoc>('outbox').countDocuments({ kind: 'price-drop', to: 'wisher@example.com' });
    const delivered = (price: string) =>
      smtp.waitForMailTo('wisher@example.com', (m) => m.text.includes(`Now: ${price}\n`));

    it('mails a drop of 5 % or more once, then at most once a week, unless the course becomes free', async () => {
      const saved = await api.json(`/api/user/wishlist/${course._id}`, {
        method: 'PUT',
        headers: bearer(student.token),
      });
      expect(saved.status).toBe(200);

      // Cuts of a paisa, and of 4 %, are no news.
      await setPrice(499.99);
      await setPrice(499.98);
      await setPrice(480);
      expect(await written()).toBe(0);
      // 10 % below the price it was saved at: one mail.
      await setPrice(450);
      expect(await written()).toBe(1);
      const mail = await delivered('Rs 450.00');
      expect(mail.subject).toBe('A course on your wishlist is now cheaper: Saved for later');
      expect(mail.text).toContain('Was: Rs 500.00');

      // The next days: lower again, a paisa at a time or by a lot, within the week: no mail.
      now = new Date(now.getTime() + DAY);
      await setPrice(449.99);
      await setPrice(400);
      now = new Date(now.getTime() + 5 * DAY);
      await setPrice(399.99);
      expect(await written()).toBe(1);

      // A week after the mail, a price at least 5 % below the one mailed is news again…
      now = new Date(now.getTime() + DAY);
      await setPrice(430);
      expect(await written()).toBe(1);
      await setPrice(420);
      expect(await written()).toBe(2);
      await delivered('Rs 420.00');
      // …and becoming free is news at once.
      now = new Date(now.getTime() + DAY);
      await setPrice(0);
      expect(await written()).toBe(3);
      await delivered('Rs 0.00');
      await setPrice(0);
      expect(await written()).toBe(3);

      // Those three were delivered, and nothing else.
      await api.deps.mailer.settle();
      expect(smtp.received.filter((m) => m.to.includes('wisher@example.com'))).toHaveLength(3);
    });
  });
}
