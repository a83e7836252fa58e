/**
 * The search box of every list: react-admin's <SearchInput> shows a placeholder only, and every
 * field needs a visible label (issue 10 §2), so this is a TextInput labelled "Tìm kiếm" with the
 * same search icon. Use it like SearchInput: `<ListSearchInput source="search" alwaysOn />`.
 */
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInput, type TextInputProps } from 'react-admin';

export function ListSearchInput(props: Omit<TextInputProps, 'label'>) {
  return (
    <TextInput
      label="ra.action.search"
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
