import type { TagTone } from '@courseport/shared-ui';

/** shared-ui's `.cp-tag` in a tone: antd's Tag look, without antd (#34). `<span className={tagClass('green')}>`. */
export const tagClass = (tone: TagTone) => (tone === 'default' ? 'cp-tag' : `cp-tag cp-tag-${tone}`);
