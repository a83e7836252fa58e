/**
 * "Xuất CSV" above a billing list: every record matching the list's current filters and sort,
 * read page after page from the server (never only the page on screen), written by `toCsv` and
 * handed to the browser as a download named after the list and today's date.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import {
  useDataProvider,
  useListContext,
  useTranslate,
  type RaRecord,
  type TranslateFunction,
} from 'react-admin';

import { BusyButton } from '../../components/BusyButton';
import { usePortalNotify } from '../../components/usePortalNotify';
import { serverNow } from '../../api/serverClock';
import { formatInVietnam } from '../../domain/vietnamTime';
import { toCsv, type CsvColumn } from './csv';
import { saveFile } from './saveFile';

/** Records read per request while exporting: few requests, each well under the contract's 9999. */
const EXPORT_PAGE_SIZE = 500;

export interface CsvExport<RecordType> {
  /** The file's name before the date, e.g. `hoa-don`. */
  fileName: string;
  /** The columns, headers in the reader's language. */
  columns: (translate: TranslateFunction) => CsvColumn<RecordType>[];
}

export function ExportCsvButton<RecordType extends RaRecord>(props: CsvExport<RecordType>) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = usePortalNotify();
  const { resource, filterValues, sort, total } = useListContext<RecordType>();

  const exporting = useMutation({
    mutationFn: async () => {
      const records: RecordType[] = [];
      for (let page = 1; ; page += 1) {
        const { data, total: all = 0 } = await dataProvider.getList<RecordType>(resource, {
          pagination: { page, perPage: EXPORT_PAGE_SIZE },
          sort,
          filter: filterValues,
        });
        records.push(...data);
        if (data.length < EXPORT_PAGE_SIZE || records.length >= all) break;
      }
      const text = toCsv(props.columns(translate), records);
      const day = formatInVietnam(serverNow(), 'YYYY-MM-DD');
      saveFile(
        new Blob([text], { type: 'text/csv;charset=utf-8' }),
        `${props.fileName}-${day}.csv`,
      );
    },
    onError: (error) => notify.error(error, 'billing.lists.export_failed'),
  });

  return (
    <BusyButton
      size="small"
      startIcon={<DownloadIcon />}
      busy={exporting.isPending}
      disabled={!total}
      onClick={() => exporting.mutateAsync().catch(() => undefined)}
    >
      {translate('billing.lists.export')}
    </BusyButton>
  );
}
