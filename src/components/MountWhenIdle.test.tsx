// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';

import { MountWhenIdle } from './MountWhenIdle';

describe('MountWhenIdle', () => {
  it('commits its fallback first and its children in the render after, not in the same one', async () => {
    const heavyOnFirstCommit: boolean[] = [];
    function FirstCommitProbe() {
      // Runs once: nothing re-renders this sibling when MountWhenIdle swaps its content.
      useLayoutEffect(() => {
        heavyOnFirstCommit.push(screen.queryByText('the frame') !== null);
      });
      return null;
    }
    render(
      <>
        <MountWhenIdle fallback={<span>waiting</span>}>
          <p>the frame</p>
        </MountWhenIdle>
        <FirstCommitProbe />
      </>,
    );
    expect(await screen.findByText('the frame')).toBeVisible();
    expect(heavyOnFirstCommit).toEqual([false]);
    expect(screen.queryByText('waiting')).toBeNull();
  });
});
