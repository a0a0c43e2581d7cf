import type { TablePaginationConfig } from 'antd';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';

/** Page sizes offered by the admin tables; the default is the spec's 50 (§9). */
export const PAGE_SIZE_OPTIONS = [10, 20, ADMIN_PAGE_SIZE, 100] as const;

/** Pagination of an admin table (spec §9): 50 a page, with size changer and quick jumper. */
export function adminPagination(
  overrides: TablePaginationConfig & { showTotal: (total: number) => string },
): TablePaginationConfig {
  return {
    defaultPageSize: ADMIN_PAGE_SIZE,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    ...overrides,
  };
}
