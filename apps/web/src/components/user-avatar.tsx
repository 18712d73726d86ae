import { Avatar } from 'antd';

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

export const UserAvatar = ({ name, size }: { name: string; size?: number }) => (
  <Avatar size={size} style={{ backgroundColor: '#13756b', color: '#fff' }}>
    {initialsOf(name) || '?'}
  </Avatar>
);
