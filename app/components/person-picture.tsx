import type { CSSProperties, SyntheticEvent } from 'react';
import { DEFAULT_AVATAR_URL } from '#shared/constants.ts';

/** A picture that cannot be shown (removed, offline) gives way to the default one, once. */
function showDefaultPicture(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (image.dataset.fallback) return;
  image.dataset.fallback = 'true';
  image.src = DEFAULT_AVATAR_URL;
}

/**
 * Someone's round picture (the header's account, an article's author, a comment's), the default one when
 * they have none. Drawn as antd's Avatar draws an image, without it: antd's Avatar brings its group, and
 * with it Popover and Tooltip, into the first pages that show one.
 */
export function PersonPicture({
  src,
  size,
  style,
}: {
  /** Already checked by the caller (safeImageUrl) where it comes from a person. */
  src: string | null | undefined;
  size: number;
  style?: CSSProperties;
}) {
  return (
    <img
      className="portal-avatar"
      src={src ?? DEFAULT_AVATAR_URL}
      alt=""
      width={size}
      height={size}
      style={{ width: size, height: size, ...style }}
      onError={showDefaultPicture}
    />
  );
}
