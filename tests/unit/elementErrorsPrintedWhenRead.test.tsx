// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

describe('Testing Library’s element errors (tests/setup.ts)', () => {
  it('still show the query and the DOM when a test fails with one', () => {
    render(<p>Số dư hiện tại</p>);
    let failure: unknown;
    try {
      screen.getByRole('button', { name: 'Nạp tiền' });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).toBe('TestingLibraryElementError');
    // The query, then the DOM (printed in colour, hence no match on its tags).
    expect((failure as Error).message).toMatch(/role "button"[\s\S]*Số dư hiện tại/);
  });

  it('show the DOM when a wait gives up', async () => {
    render(<p>Không có hoá đơn</p>);
    const failure = await waitFor(() => screen.getByText('Hoá đơn INV-1'), { timeout: 100 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/Hoá đơn INV-1[\s\S]*Không có hoá đơn/);
    expect((failure as Error).stack).toContain('Không có hoá đơn');
  });
});
