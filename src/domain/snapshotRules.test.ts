import { describe, expect, it } from 'vitest';
import {
  decodeSnapshotSource,
  encodeSnapshotSource,
  validateSnapshotSource,
} from './snapshotRules';

describe('validateSnapshotSource', () => {
  it('asks for a volume when none is chosen', () => {
    expect(validateSnapshotSource({})).toBe('validation.snapshot_volume_required');
    expect(validateSnapshotSource({ volume_id: null, server_id: null })).toBe(
      'validation.snapshot_volume_required',
    );
  });

  it('accepts exactly one source', () => {
    expect(validateSnapshotSource({ volume_id: 3 })).toBeUndefined();
    expect(validateSnapshotSource({ server_id: 7 })).toBeUndefined();
    expect(validateSnapshotSource({ volume_id: 3, server_id: 7 })).toBe(
      'validation.snapshot_volume_required',
    );
  });
});

describe('snapshot source as one form value', () => {
  it('round-trips volumes and root disks', () => {
    expect(decodeSnapshotSource(encodeSnapshotSource({ volume_id: 12 }))).toEqual({
      volume_id: 12,
    });
    expect(decodeSnapshotSource(encodeSnapshotSource({ server_id: 4 }))).toEqual({
      server_id: 4,
    });
  });

  it('reads anything else as no source', () => {
    for (const value of [undefined, '', 'volume:', 'volume:0', 'disk:3', 'server:1x']) {
      expect(decodeSnapshotSource(value)).toEqual({});
    }
  });
});
