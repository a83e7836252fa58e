/**
 * A new server from a snapshot of a root disk (issue 19): `/cloud-server/create?snapshot=<id>`
 * opens the create form on the snapshot. The form then runs the snapshot's image on a root disk of
 * its type and at least its size (the sandbox refuses anything else, 400), and the order carries
 * `data.snapshot_id` (our extension); it is priced and paid as any new server. A snapshot that
 * cannot be used (not found, a data volume's) is said so, and the form is the ordinary one.
 */
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

import type { Image, PortalDataProvider, Snapshot } from '../../dataProvider/dataProvider';
import type { ServerFormValues } from './serverChoice';

/** The snapshot a new server is built from, with the image it runs. */
export interface SourceSnapshot {
  id: number;
  name: string;
  size: number;
  type: Snapshot['type'];
  image: string;
}

/** The `?snapshot=` of the address, read; `requested` is the id asked for, if any. */
export function useSourceSnapshot(search: URLSearchParams) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const raw = search.get('snapshot');
  const requested = raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  const query = useQuery({
    queryKey: ['snapshot', 'source', requested],
    queryFn: async () =>
      (await dataProvider.getOne<Snapshot>('snapshot', { id: requested as number })).data,
    enabled: requested !== undefined,
    retry: false,
  });
  return {
    requested: raw === null ? undefined : raw,
    snapshot: query.data,
    loading: requested !== undefined && query.isPending,
  };
}

/** The snapshot as the form uses it, or undefined when it cannot make a server. */
export function sourceSnapshot(
  snapshot: Snapshot | undefined,
  images: readonly Image[],
): SourceSnapshot | undefined {
  if (!snapshot || snapshot.server_id === null || snapshot.status !== 'available') return undefined;
  const image = images.find((candidate) => candidate.id === snapshot.image_id);
  if (!image) return undefined;
  const { id, name, size, type } = snapshot;
  return { id, name, size, type, image: image.name };
}

/** The starting values on the snapshot: its image, its disk type, a disk at least its size. */
export function withSnapshotValues(
  values: ServerFormValues,
  source: SourceSnapshot | undefined,
): ServerFormValues {
  if (!source) return values;
  const disk = typeof values.disk === 'number' ? Math.max(values.disk, source.size) : source.size;
  return { ...values, os: source.image, diskType: source.type, disk };
}

/** An order built from the snapshot names it (our extension `data.snapshot_id`). */
export function withSnapshotId<Order extends { data: object }>(
  order: Order,
  source: SourceSnapshot | undefined,
): Order {
  return source ? { ...order, data: { ...order.data, snapshot_id: source.id } } : order;
}

/** The root disk may not be smaller than the snapshot; `base` checks the rest. */
export function atLeastSnapshot(base: Validator, source: SourceSnapshot | undefined): Validator {
  return (value, values, props) => {
    if (source && typeof value === 'number' && value < source.size) {
      return { message: 'snapshots.new_server.disk_min', args: source };
    }
    return base(value, values, props);
  };
}

/**
 * Says which snapshot the server is built from, and keeps the image and the disk type on it (the
 * customer cannot choose others for a copy of a disk); or that the asked snapshot cannot be used.
 */
export function SnapshotSourceNote(props: {
  requested: string | undefined;
  source: SourceSnapshot | undefined;
}) {
  const { requested, source } = props;
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const os: unknown = useWatch({ name: 'os' });
  const diskType: unknown = useWatch({ name: 'diskType' });
  useEffect(() => {
    if (!source) return;
    if (os !== source.image) setValue('os', source.image, { shouldValidate: true });
    if (diskType !== source.type) setValue('diskType', source.type, { shouldValidate: true });
  }, [source, os, diskType, setValue]);
  if (requested === undefined) return null;
  if (!source) {
    return (
      <Alert severity="warning" data-testid="snapshot-source">
        {translate('snapshots.new_server.unusable', { id: requested })}
      </Alert>
    );
  }
  return (
    <Alert severity="info" data-testid="snapshot-source">
      {translate('snapshots.new_server.source', source)}{' '}
      {translate('snapshots.new_server.disk_min', source)}
    </Alert>
  );
}
