import { CloseCircleFilled } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * A search box with its button, drawn as antd's `Input.Search enterButton allowClear` draws one (app/styles.css,
 * from the theme's tokens): Enter or the button searches for the text, the clear button empties the box and
 * searches for everything again. For the tutorials' list, a page visitors land on: antd's input brings some
 * 9 KB to its first load.
 */
export function SearchField({
  defaultValue,
  placeholder,
  buttonText,
  onSearch,
  style,
  testId,
}: {
  defaultValue: string;
  /** Also the box's name for assistive technologies. */
  placeholder: string;
  buttonText: string;
  onSearch: (value: string) => void;
  style?: CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [value, setValue] = useState(defaultValue);
  const colors = {
    '--portal-search-border': token.colorBorder,
    '--portal-search-hover': token.colorPrimaryHover,
    '--portal-search-active': token.colorPrimary,
    '--portal-search-outline': `0 0 0 ${token.controlOutlineWidth}px ${token.controlOutline}`,
    '--portal-search-radius': `${token.borderRadius}px`,
    '--portal-search-placeholder': token.colorTextPlaceholder,
    '--portal-search-clear': token.colorTextQuaternary,
    '--portal-search-clear-hover': token.colorTextTertiary,
  } as CSSProperties;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the search landmark in every browser; older ones (and jsdom) do not know <search>.
    <form
      role="search"
      className="portal-search"
      style={{ ...colors, ...style }}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value);
      }}
    >
      <span className="portal-search-box">
        <input
          type="text"
          enterKeyHint="search"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          data-testid={testId}
        />
        {value ? (
          <button
            type="button"
            className="portal-search-clear"
            aria-label={t('clear')}
            onClick={() => {
              setValue('');
              onSearch('');
            }}
          >
            <CloseCircleFilled />
          </button>
        ) : null}
      </span>
      <Button type="primary" htmlType="submit">
        {buttonText}
      </Button>
    </form>
  );
}
