/**
 * The search box of every list: react-admin's <SearchInput> shows a placeholder only, and every
 * field needs a visible label (issue 10 §2), so this is a TextInput labelled "Tìm kiếm" with the
 * same search icon. Use it like SearchInput: `<ListSearchInput source="search" alwaysOn />`. A
 * list whose search finds more than names says so in its `label` ("Tìm theo tên hoặc IP").
 */
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInput, type TextInputProps } from 'react-admin';

export function ListSearchInput({
  label = 'ra.action.search',
  ...props
}: Omit<TextInputProps, 'label'> & { label?: string }) {
  return (
    <TextInput
      label={label}
      resettable
      size="small"
      InputProps={{
        endAdornment: (
          <InputAdornment position="end">
            <SearchIcon color="disabled" />
          </InputAdornment>
        ),
      }}
      {...props}
    />
  );
}
