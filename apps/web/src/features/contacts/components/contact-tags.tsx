import type { TContactTag } from '@cargodesk/shared';
import { Tag } from 'antd';

/** A contact's tags in their colours. */
export const ContactTags = ({ tags }: { tags: readonly TContactTag[] }) =>
  tags.length === 0 ? null : (
    <span className="contact-tags">
      {tags.map((tag) => (
        <Tag key={tag._id} color={tag.color} bordered={false}>
          {tag.name}
        </Tag>
      ))}
    </span>
  );
