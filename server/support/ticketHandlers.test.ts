import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { apiAs, signIn, testApp, type Api } from '../testing';

let app: FastifyInstance;
let clock: Awaited<ReturnType<typeof testApp>>['clock'];

const REPLY_SECONDS = 30;
const SECOND = 1000;
const ENGLISH = { 'accept-language': 'en' };

beforeEach(async () => {
  ({ app, clock } = await testApp({ supportReplySeconds: REPLY_SECONDS }));
});
afterEach(async () => {
  await app.close();
});

async function demo(headers: Record<string, string> = {}): Promise<Api> {
  return apiAs(app, await signIn(app, 'demo@example.vn'), headers);
}

async function openTicket(api: Api, fields: Record<string, string> = {}) {
  const answer = await api.post('/support/tickets', {
    subject: 'Máy chủ web-01 không vào được',
    content: 'Dòng một\nDòng hai',
    ...fields,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

describe('createTicket', () => {
  it('opens a ticket with the customer’s text as sent, line breaks kept', async () => {
    const api = await demo();
    const ticket = await openTicket(api, { preferred_time: '21:30' });
    expect(ticket).toMatchObject({
      subject: 'Máy chủ web-01 không vào được',
      content: 'Dòng một\nDòng hai',
      status: 'open',
      preferred_time: '21:30',
      created: clock.now().toISOString(),
      updated: clock.now().toISOString(),
      replies: [],
    });
    expect((await openTicket(api)).preferred_time).toBeNull();
  });

  it('refuses a blank subject or content with the form’s messages, per field', async () => {
    const api = await demo();
    const answer = await api.post('/support/tickets', { subject: '  ', content: '' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({
      subject: 'Tiêu đề không được bỏ trống.',
      content: 'Nội dung không được bỏ trống.',
    });
    const english = await (
      await demo(ENGLISH)
    ).post('/support/tickets', { subject: 'Hi', content: ' \n ' });
    expect(english.json().errors).toEqual({ content: 'The message must not be empty.' });
    // Invisible characters alone are blank too, and store nothing.
    const invisible = await api.post('/support/tickets', { subject: '\u200B', content: '\uFEFF' });
    expect(invisible.statusCode).toBe(400);
    expect(Object.keys(invisible.json().errors)).toEqual(['subject', 'content']);
    expect((await api.get('/support/tickets')).json().total).toBe(0);
  });

  it('takes only the half-hourly night times as the preferred time', async () => {
    const api = await demo();
    for (const time of ['06:30', '12:00', '21:15', '24:00']) {
      const answer = await api.post('/support/tickets', {
        subject: 'Giờ liên hệ',
        content: 'Nội dung',
        preferred_time: time,
      });
      expect(answer.statusCode, time).toBe(400);
    }
  });
});

describe('listTickets', () => {
  it('lists only the account’s tickets, latest activity first, filtered by status', async () => {
    const api = await demo();
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    const first = await openTicket(api, { subject: 'Thứ nhất' });
    clock.advance(SECOND);
    const second = await openTicket(api, { subject: 'Thứ hai' });
    await openTicket(agency, { subject: 'Của đại lý' });
    clock.advance(SECOND);
    expect(
      (await api.post(`/support/tickets/${first.id}/replies`, { content: 'Thêm' })).statusCode,
    ).toBe(201);
    await api.post(`/support/tickets/${second.id}/resolve`);

    const all = (await api.get('/support/tickets')).json();
    expect(all.total).toBe(2);
    expect(all.items.map((ticket: { subject: string }) => ticket.subject)).toEqual([
      'Thứ hai',
      'Thứ nhất',
    ]);
    const open = (await api.get('/support/tickets', undefined, { status: 'open' })).json();
    expect(open.items.map((ticket: { id: number }) => ticket.id)).toEqual([first.id]);
    const closed = (await api.get('/support/tickets', undefined, { status: 'closed' })).json();
    expect(closed.items.map((ticket: { id: number }) => ticket.id)).toEqual([second.id]);
  });
});

describe('getTicket', () => {
  it('answers 404 for another customer’s ticket and for one that does not exist', async () => {
    const ticket = await openTicket(await demo());
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    for (const id of [ticket.id, ticket.id + 100]) {
      const answer = await agency.get(`/support/tickets/${id}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('Không tìm thấy yêu cầu hỗ trợ này.');
    }
    expect(
      (await agency.post(`/support/tickets/${ticket.id}/replies`, { content: 'x' })).statusCode,
    ).toBe(404);
    expect((await agency.post(`/support/tickets/${ticket.id}/resolve`)).statusCode).toBe(404);
  });
});

describe('support’s automatic answer', () => {
  it('comes the configured delay after the customer’s message, dated then, in the reader’s language', async () => {
    const api = await demo();
    const ticket = await openTicket(api);
    clock.advance(REPLY_SECONDS * SECOND - 1);
    expect((await api.get(`/support/tickets/${ticket.id}`)).json().replies).toEqual([]);

    clock.advance(5 * SECOND);
    const answered = (await api.get(`/support/tickets/${ticket.id}`)).json();
    const due = new Date(new Date(ticket.created).getTime() + REPLY_SECONDS * SECOND);
    expect(answered.replies).toEqual([
      expect.objectContaining({
        author: 'support',
        author_name: 'Bộ phận hỗ trợ',
        created: due.toISOString(),
      }),
    ]);
    expect(answered.replies[0].content).toContain('Đã giải quyết');
    expect(answered.updated).toBe(due.toISOString());
    // Stored once: reading again, or in English, shows the same one answer.
    const english = (await (await demo(ENGLISH)).get(`/support/tickets/${ticket.id}`)).json();
    expect(english.replies).toHaveLength(1);
    expect(english.replies[0]).toMatchObject({
      author_name: 'Support team',
      id: answered.replies[0].id,
    });
    expect(english.replies[0].content).toContain('Resolved');
  });

  it('answers each later customer message, and shows in the list too', async () => {
    const api = await demo();
    const ticket = await openTicket(api);
    clock.advance(REPLY_SECONDS * SECOND);
    const list = (await api.get('/support/tickets')).json();
    expect(list.items[0].updated).toBe(clock.now().toISOString());

    const reply = await api.post(`/support/tickets/${ticket.id}/replies`, {
      content: 'Vẫn chưa được\nXin kiểm tra lại',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      ticket_id: ticket.id,
      author: 'customer',
      author_name: 'Nguyễn Văn Demo',
      content: 'Vẫn chưa được\nXin kiểm tra lại',
    });
    clock.advance(REPLY_SECONDS * SECOND);
    const detail = (await api.get(`/support/tickets/${ticket.id}`)).json();
    expect(detail.replies.map((each: { author: string }) => each.author)).toEqual([
      'support',
      'customer',
      'support',
    ]);
  });
});

describe('resolveTicket', () => {
  it('closes the ticket: no more replies from either side, and resolving again changes nothing', async () => {
    const api = await demo();
    const ticket = await openTicket(api);
    const resolved = await api.post(`/support/tickets/${ticket.id}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'closed', replies: [] });

    clock.advance(REPLY_SECONDS * 10 * SECOND);
    expect((await api.get(`/support/tickets/${ticket.id}`)).json().replies).toEqual([]);
    const refused = await api.post(`/support/tickets/${ticket.id}/replies`, { content: 'Còn nữa' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Yêu cầu hỗ trợ này đã được xử lý, không thể trả lời thêm. Hãy mở lại yêu cầu hoặc tạo yêu cầu mới.',
    );
    const again = await api.post(`/support/tickets/${ticket.id}/resolve`);
    expect(again.json()).toMatchObject({ status: 'closed', updated: resolved.json().updated });
  });
});

describe('reopenTicket', () => {
  it('opens a resolved ticket again: the customer replies and support answers once more', async () => {
    const api = await demo();
    const ticket = await openTicket(api);
    clock.advance(REPLY_SECONDS * SECOND);
    await api.post(`/support/tickets/${ticket.id}/resolve`);
    clock.advance(60 * SECOND);

    const reopened = await api.post(`/support/tickets/${ticket.id}/reopen`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'open', updated: clock.now().toISOString() });
    // Support's last word stands: nothing new until the customer writes.
    clock.advance(REPLY_SECONDS * 2 * SECOND);
    expect((await api.get(`/support/tickets/${ticket.id}`)).json().replies).toHaveLength(1);

    const reply = await api.post(`/support/tickets/${ticket.id}/replies`, { content: 'Lại lỗi' });
    expect(reply.statusCode).toBe(201);
    clock.advance(REPLY_SECONDS * SECOND);
    const detail = (await api.get(`/support/tickets/${ticket.id}`)).json();
    expect(detail.replies.map((each: { author: string }) => each.author)).toEqual([
      'support',
      'customer',
      'support',
    ]);
    const open = (await api.get('/support/tickets?status=open')).json();
    expect(open.items.map((each: { id: number }) => each.id)).toContain(ticket.id);
  });

  it('answers a message left unanswered at resolving only the delay after the reopening', async () => {
    const api = await demo();
    const ticket = await openTicket(api);
    await api.post(`/support/tickets/${ticket.id}/resolve`);
    clock.advance(REPLY_SECONDS * 10 * SECOND);
    await api.post(`/support/tickets/${ticket.id}/reopen`);
    const reopenedAt = clock.now().getTime();
    clock.advance(REPLY_SECONDS * SECOND - 1);
    expect((await api.get(`/support/tickets/${ticket.id}`)).json().replies).toEqual([]);
    clock.advance(1);
    const answered = (await api.get(`/support/tickets/${ticket.id}`)).json();
    expect(answered.replies).toEqual([
      expect.objectContaining({
        author: 'support',
        created: new Date(reopenedAt + REPLY_SECONDS * SECOND).toISOString(),
      }),
    ]);
  });

  it('changes nothing on an open ticket, and finds no other customer’s ticket', async () => {
    const api = await demo();
    const ticket = await openTicket(api);
    const again = await api.post(`/support/tickets/${ticket.id}/reopen`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'open', updated: ticket.updated });
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    expect((await agency.post(`/support/tickets/${ticket.id}/reopen`)).statusCode).toBe(404);
  });
});

describe('the ticket operations', () => {
  it('need a signed-in customer', async () => {
    expect((await app.inject({ url: '/api/v1/support/tickets' })).statusCode).toBe(401);
  });
});
