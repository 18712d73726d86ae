import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { imageContentTypes, type TFilePurpose } from '@cargodesk/shared';
import { Button, Space } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useFileUrl } from '../lib/file-url.ts';
import { notifyFailure } from '../lib/notify.ts';
import { uploadFile } from '../lib/upload-file.ts';

/**
 * An image picker for an avatar or a logo: uploads the chosen image to the file store at once and
 * hands its file id to the form, which saves it with the rest. Shows the current image, or
 * `placeholder` without one.
 */
export const ImageUpload = ({
  label,
  value,
  onChange,
  purpose,
  placeholder,
  isDisabled = false,
  shape = 'circle',
  size = 96,
}: {
  /** Names the control for assistive technology, e.g. "Avatar". */
  label: string;
  value?: string | null;
  onChange?: (fileId: string | null) => void;
  purpose: TFilePurpose;
  placeholder: ReactNode;
  isDisabled?: boolean;
  shape?: 'circle' | 'square';
  size?: number;
}) => {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);
  const url = useFileUrl(value);

  const onFileChosen = async (file: File | undefined) => {
    if (!file) return;
    setIsUploading(true);
    try {
      const meta = await uploadFile(file, purpose);
      onChange?.(meta._id);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setIsUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <Space size="middle" align="center">
      <div
        className="image-upload__preview"
        style={{
          width: size,
          height: size,
          borderRadius: shape === 'circle' ? '50%' : 8,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#f0f2f2',
          border: '1px solid #d9d9d9',
        }}
      >
        {value && url ? (
          <img
            src={url}
            alt={`${label} preview`}
            style={{ width: '100%', height: '100%', objectFit: shape === 'circle' ? 'cover' : 'contain' }}
          />
        ) : (
          placeholder
        )}
      </div>
      {!isDisabled && (
        <Space orientation="vertical" size="small">
          <input
            ref={inputRef}
            type="file"
            accept={imageContentTypes.join(',')}
            aria-label={`Upload ${label.toLowerCase()}`}
            style={{ display: 'none' }}
            onChange={(event) => void onFileChosen(event.target.files?.[0])}
          />
          <Button icon={<UploadOutlined />} loading={isUploading} onClick={() => inputRef.current?.click()}>
            {value ? `Change ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          </Button>
          {value && (
            <Button icon={<DeleteOutlined />} type="text" danger onClick={() => onChange?.(null)}>
              Remove {label.toLowerCase()}
            </Button>
          )}
        </Space>
      )}
    </Space>
  );
};
