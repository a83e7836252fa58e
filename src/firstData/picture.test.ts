// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { formatDate, formatDateTime } from '../domain/dates';
import { formatVnd } from '../domain/money';
import { SCREEN_READY_EVENT } from './earlyCalls';
import {
  drawPicture,
  showPicture,
  vietnamDate,
  vietnamDateTime,
  vnd,
  type SignedInUser,
} from './picture';
import { FIRST_DATA_ID } from './pictureMarks';

const INSTANTS = [
  '2026-11-20T16:59:59Z',
  '2026-11-20T17:00:00Z',
  '2026-01-01T00:00:00Z',
  '2026-06-30T23:05:00Z',
  '2026-12-31T16:59:00Z',
  '2026-12-31T17:00:00Z',
  '2028-02-28T17:30:00.123Z',
];

describe("the pictures' formats, the portal's own", () => {
  it.each(INSTANTS)('dates %s as the portal does, in Vietnam time', (instant) => {
    expect(vietnamDate(instant)).toBe(formatDate(instant));
    expect(vietnamDateTime(instant)).toBe(formatDateTime(instant));
  });

  it.each([0, 5, 999, 1000, -1000, 4_829_000, -80_000, 1_000_000_000])(
    'writes %d ₫ as formatVnd does',
    (amount) => {
      expect(vnd(amount)).toBe(formatVnd(amount));
    },
  );
});

describe('a picture', () => {
  afterEach(() => document.getElementById(FIRST_DATA_ID)?.remove());

  it('is for the eye only and keeps the customer’s text as text', () => {
    const name = '<img src=x onerror="alert(1)">';
    const picture = drawPicture(document, {
      title: name,
      figures: [{ label: name, value: name }],
      tabs: { labels: [name], current: 0 },
      table: { headers: [{ text: name }], rows: [[{ text: name }]] },
      bars: [{ share: 0.5, label: name }],
    });
    // Assistive technology waits for the portal's screen.
    expect(picture.getAttribute('aria-hidden')).toBe('true');
    expect(picture.querySelector('img')).toBeNull();
    expect(picture.querySelector('td')?.textContent).toBe(name);
  });

  it("writes its title once, as the page does (a search for the page's words finds one)", () => {
    const picture = drawPicture(document, { title: 'Xin chào, Lê Xem Nhanh' });
    expect(picture.textContent?.split('Xin chào, Lê Xem Nhanh')).toHaveLength(2);
  });

  const answer = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));
  const user = { balance: 1000 } as SignedInUser;
  const content = { title: 'Cloud VPS' };

  it('shows once both answers came, and gives way when the portal shows its screen', async () => {
    await showPicture(
      answer(user),
      answer({ items: [] }),
      () => content,
      () => false,
    );
    expect(document.getElementById(FIRST_DATA_ID)).not.toBeNull();
    window.dispatchEvent(new Event(SCREEN_READY_EVENT));
    expect(document.getElementById(FIRST_DATA_ID)).toBeNull();
  });

  it('gives way to the first key press', async () => {
    await showPicture(
      answer(user),
      answer({}),
      () => content,
      () => false,
    );
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(document.getElementById(FIRST_DATA_ID)).toBeNull();
  });

  it('leaves the answers whole for the portal, which reads them after', async () => {
    const session = answer(user);
    const data = answer({ items: [1] });
    await showPicture(
      session,
      data,
      () => content,
      () => false,
    );
    expect(await (await session).json()).toEqual(user);
    expect(await (await data).json()).toEqual({ items: [1] });
  });

  it.each([
    ['the session was refused', 401, 200, false],
    ['the data failed', 200, 500, false],
    ['the portal was first', 200, 200, true],
  ])('shows nothing when %s', async (_case, sessionStatus, dataStatus, portalShown) => {
    const draw = vi.fn(() => content);
    await showPicture(answer(user, sessionStatus), answer({}, dataStatus), draw, () => portalShown);
    expect(document.getElementById(FIRST_DATA_ID)).toBeNull();
    expect(draw).not.toHaveBeenCalled();
  });
});
