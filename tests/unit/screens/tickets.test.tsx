// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatDateTime } from '../../../src/domain/dates';
import { moveSandboxClock, signIn } from '../../../server/testing';
import { sandboxPerTest } from '../../support/sandbox';
import { api, renderPortal, signInAs } from './portalHarness';

const sandbox = sandboxPerTest();

/** Waits longer than the detail page's fast poll (2 s), for support's answer to show. */
const POLL_WAIT = { timeout: 10_000 };

interface ApiTicket {
  id: number;
  subject: string;
  status: 'open' | 'closed';
  created: string;
  updated: string;
  replies: { author: string; content: string }[];
}

async function openTicket(token: string, subject: string, content = 'Nội dung') {
  const { status, body } = await api<ApiTicket>(sandbox(), token, 'POST', '/support/tickets', {
    subject,
    content,
  });
  expect(status).toBe(201);
  return body;
}

/** demo@ on a ticket of its own, `text` typed into the reply box and not sent yet. */
async function replyTyped(subject: string, text: string) {
  const token = await signInAs(sandbox(), 'demo@example.vn');
  const ticket = await openTicket(token, subject);
  renderPortal(`/ticket/${ticket.id}/detail`);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Trả lời'), text);
  return { token, ticket, user };
}

/** Moves the sandbox clock forward an hour: every support answer waiting falls due. */
async function letSupportAnswer() {
  await moveSandboxClock(sandbox().app, { hours: 1 });
}

describe('the ticket list', () => {
  it('leads a customer without tickets to open one', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/ticket');
    expect(await screen.findByText('Bạn chưa có yêu cầu hỗ trợ nào')).toBeVisible();
    const links = screen.getAllByRole('link', { name: 'Tạo yêu cầu hỗ trợ' });
    expect(links.some((link) => link.getAttribute('href') === '/ticket/create')).toBe(true);
  });

  it('shows subject, translated status, dates, and filters by status', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const open = await openTicket(token, 'Máy chủ chậm');
    const done = await openTicket(token, 'Hỏi về hoá đơn');
    await api(sandbox(), token, 'POST', `/support/tickets/${done.id}/resolve`, {});
    renderPortal('/ticket');

    const openRow = (await screen.findByText('Máy chủ chậm')).closest('tr') as HTMLElement;
    expect(within(openRow).getByText('Chưa xử lý')).toBeVisible();
    expect(within(openRow).getAllByText(formatDateTime(open.created)).length).toBeGreaterThan(0);
    const doneRow = screen.getByText('Hỏi về hoá đơn').closest('tr') as HTMLElement;
    expect(within(doneRow).getByText('Đã xử lý')).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /^Trạng thái/ }));
    await user.click(await screen.findByRole('option', { name: 'Đã xử lý' }));
    await waitFor(() => expect(screen.queryByText('Máy chủ chậm')).toBeNull());
    expect(screen.getByText('Hỏi về hoá đơn')).toBeVisible();
  });
  it('opens a ticket from its row with the whole conversation', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await openTicket(token, 'Máy chủ chậm', 'Máy chủ khởi động lâu hơn thường lệ.');
    renderPortal('/ticket');
    const user = userEvent.setup();
    // The list's row is in the cache where the page reads its ticket, without the messages.
    await user.click(await screen.findByRole('link', { name: 'Máy chủ chậm' }));
    expect(await screen.findByText('Máy chủ khởi động lâu hơn thường lệ.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Nội dung trao đổi' })).toBeVisible();
    expect(screen.queryByText('Đã xảy ra lỗi')).toBeNull();
  });
});

describe('opening a ticket', () => {
  it('goes from /ticket?subject= to the form with the subject filled in', async () => {
    await signInAs(sandbox(), 'trial@example.vn');
    renderPortal(`/ticket?subject=${encodeURIComponent('Yêu cầu gia hạn dùng thử')}`);
    expect(await screen.findByLabelText('Tiêu đề')).toHaveValue('Yêu cầu gia hạn dùng thử');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/ticket\/create\?subject=/);
  });

  it('says which required field is missing, keeps what was typed, then sends it', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/ticket/create');
    const user = userEvent.setup();
    const content = await screen.findByLabelText('Nội dung');
    await user.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(await screen.findByText('Tiêu đề không được bỏ trống.')).toBeVisible();
    expect(screen.getByText('Nội dung không được bỏ trống.')).toBeVisible();

    await user.type(content, 'Dòng một{Enter}Dòng hai');
    await user.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(await screen.findByText('Tiêu đề không được bỏ trống.')).toBeVisible();
    expect(content).toHaveValue('Dòng một\nDòng hai');

    await user.type(screen.getByLabelText('Tiêu đề'), 'Không vào được máy chủ');
    // A reload (or a session that ended mid-sentence) loses nothing typed.
    cleanup();
    renderPortal('/ticket/create');
    expect(await screen.findByLabelText('Nội dung')).toHaveValue('Dòng một\nDòng hai');
    expect(screen.getByLabelText('Tiêu đề')).toHaveValue('Không vào được máy chủ');
    await user.click(screen.getByRole('combobox', { name: /^Thời gian có thể liên hệ/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toContain('23:30');
    expect(options.map((option) => option.textContent)).not.toContain('12:00');
    await user.click(screen.getByRole('option', { name: '22:00' }));
    await user.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));

    expect(await screen.findByText('Đã gửi yêu cầu hỗ trợ.')).toBeVisible();
    const { body } = await api<{ items: ApiTicket[] }>(sandbox(), token, 'GET', '/support/tickets');
    expect(body.items).toEqual([
      expect.objectContaining({
        subject: 'Không vào được máy chủ',
        content: 'Dòng một\nDòng hai',
        preferred_time: '22:00',
      }),
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/ticket/${body.items[0]?.id}/detail`,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Không vào được máy chủ' })).toBeVisible();
    // Sent: the next new ticket starts empty.
    cleanup();
    renderPortal('/ticket/create');
    expect(await screen.findByLabelText('Nội dung')).toHaveValue('');
  });
});

describe('a ticket’s conversation', () => {
  it('shows support’s answer when it comes, takes a reply, and closes when resolved', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const ticket = await openTicket(
      token,
      'Lỗi <b>đậm</b>',
      'Dòng một\nDòng hai <script>x</script>',
    );
    renderPortal(`/ticket/${ticket.id}/detail`);

    // Text as typed: markup shown, not run (its line breaks on screen: tests/e2e/tickets.spec.ts).
    const opening = await screen.findByText(/Dòng một/);
    expect(opening.textContent).toBe('Dòng một\nDòng hai <script>x</script>');
    expect(screen.getByRole('heading', { name: 'Lỗi <b>đậm</b>' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Bộ phận hỗ trợ sẽ sớm trả lời');

    await letSupportAnswer();
    const answer = await screen.findByText(/Bộ phận hỗ trợ đã nhận được yêu cầu/, {}, POLL_WAIT);
    expect(answer.closest('[data-author]')).toHaveAttribute('data-author', 'support');
    expect(screen.queryByRole('status')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Gửi trả lời' }));
    expect(await screen.findByText('Nội dung không được bỏ trống.')).toBeVisible();
    await user.type(screen.getByLabelText('Trả lời'), 'Cảm ơn{Enter}Đã ổn');
    await user.click(screen.getByRole('button', { name: 'Gửi trả lời' }));
    expect(await screen.findByText('Đã gửi trả lời.')).toBeVisible();
    const mine = await screen.findByText(/Cảm ơn/);
    expect(mine.textContent).toBe('Cảm ơn\nĐã ổn');
    expect(screen.getByLabelText('Trả lời')).toHaveValue('');
    // Newest last: the reply comes after support's answer.
    const conversation = screen.getByRole('region', { name: 'Nội dung trao đổi' });
    const messages = within(conversation).getAllByRole('listitem');
    expect(
      messages.map((item) => item.querySelector('[data-author]')?.getAttribute('data-author')),
    ).toEqual(['customer', 'support', 'customer']);

    // Resolving asks first: cancelling keeps the ticket open.
    await user.click(screen.getByRole('button', { name: 'Đã giải quyết, đóng yêu cầu' }));
    const ask = await screen.findByRole('dialog', { name: 'Đóng yêu cầu hỗ trợ?' });
    expect(ask).toHaveTextContent('Bộ phận hỗ trợ sẽ ngừng trả lời yêu cầu "Lỗi <b>đậm</b>"');
    await user.click(within(ask).getByRole('button', { name: 'Huỷ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Chưa xử lý')).toBeVisible();
    expect(screen.getByLabelText('Trả lời')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Đã giải quyết, đóng yêu cầu' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Đóng yêu cầu' }),
    );
    expect(await screen.findByText('Đã đóng yêu cầu hỗ trợ.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText(
        'Yêu cầu này đã được xử lý. Nếu vấn đề vẫn còn, hãy mở lại yêu cầu hoặc tạo yêu cầu mới.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Đã xử lý')).toBeVisible();
    expect(screen.queryByLabelText('Trả lời')).toBeNull();

    // …and a resolved ticket can be reopened: the reply box comes back.
    await user.click(screen.getByRole('button', { name: 'Mở lại yêu cầu' }));
    expect(await screen.findByText('Đã mở lại yêu cầu hỗ trợ.')).toBeVisible();
    expect(await screen.findByLabelText('Trả lời')).toBeVisible();
    expect(screen.getByText('Chưa xử lý')).toBeVisible();
  });

  it('keeps a reply the server failed on (§8 leads a 500 to /500) until it is sent', async () => {
    const { token, ticket, user } = await replyTyped('Máy chủ chậm', 'Chi tiết dài{Enter}dòng hai');
    const realFetch = globalThis.fetch;
    const failing = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (init?.method === 'POST' && url.endsWith(`/support/tickets/${ticket.id}/replies`)) {
        return new Response(JSON.stringify({ message: 'Lỗi hệ thống' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return realFetch(input, init);
    });
    await user.click(screen.getByRole('button', { name: 'Gửi trả lời' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/500'));
    failing.mockRestore();
    // Never reported sent (react-admin answers a call it redirected for as a success).
    expect(screen.queryByText('Đã gửi trả lời.')).not.toBeInTheDocument();

    // Back on the ticket (Back, or a reload): the reply is as it was typed.
    cleanup();
    renderPortal(`/ticket/${ticket.id}/detail`);
    expect(await screen.findByLabelText('Trả lời')).toHaveValue('Chi tiết dài\ndòng hai');
    await user.click(screen.getByRole('button', { name: 'Gửi trả lời' }));
    expect(await screen.findByText('Đã gửi trả lời.')).toBeVisible();
    // Sent: nothing is kept any more.
    cleanup();
    renderPortal(`/ticket/${ticket.id}/detail`);
    expect(await screen.findByLabelText('Trả lời')).toHaveValue('');
    const { body } = await api<ApiTicket>(sandbox(), token, 'GET', `/support/tickets/${ticket.id}`);
    expect(body.replies.map((reply) => reply.content)).toContain('Chi tiết dài\ndòng hai');
  });

  it('keeps a reply whose session ended on sending (401) for when the customer signs in again', async () => {
    const { ticket, user } = await replyTyped('Phiên hết hạn', 'Viết lâu quá');
    // The session ends meanwhile: the customer signs the other sessions out from a phone.
    const phoneToken = await signIn(sandbox().app, 'demo@example.vn');
    expect(
      (await api(sandbox(), phoneToken, 'POST', '/account/sessions/revoke_others', {})).status,
    ).toBe(200);
    await user.click(screen.getByRole('button', { name: 'Gửi trả lời' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(localStorage.getItem('access_token')).toBeNull();
    // Signed in again, the reply is there to send.
    cleanup();
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal(`/ticket/${ticket.id}/detail`);
    expect(await screen.findByLabelText('Trả lời')).toHaveValue('Viết lâu quá');
  });

  it('does not show another customer’s ticket', async () => {
    const other = await signInAs(sandbox(), 'agency@example.vn');
    const ticket = await openTicket(other, 'Của đại lý');
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal(`/ticket/${ticket.id}/detail`);
    expect(await screen.findByText('Không tìm thấy yêu cầu hỗ trợ này.')).toBeVisible();
    expect(screen.queryByText('Của đại lý')).toBeNull();
  });
});

describe('asking support from another page', () => {
  it('links the billing page to a ticket about billing', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/billing');
    const link = await screen.findByRole('link', { name: 'Hỏi bộ phận hỗ trợ' });
    expect(link).toHaveAttribute(
      'href',
      `/ticket/create?${new URLSearchParams({ subject: 'Thanh toán và hoá đơn' })}`,
    );
  });
});
