import {
  issueMessages,
  issueRules,
  issueSeverities,
  type TIssue,
  type TIssueSeverity,
} from '@cargodesk/shared';
import { Alert, Button, Descriptions, Form, Input, Modal, Result, Select } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { toErrorMessage } from '@/lib/api-client.ts';
import { focusFieldOnOpen } from '@/lib/forms/focus-field-on-open.ts';
import { uploadFile } from '@/lib/upload-file.ts';
import { useReportIssue } from '../api/issues.ts';
import { severityLabels } from '../issue-labels.ts';

type TReportForm = { title: string; description?: string; severity: TIssueSeverity };

/**
 * "Report a problem" from the avatar menu: the page and the browser are captured as they are when
 * the modal opens, and shown, so the reporter knows what is sent.
 */
export const ReportProblemModal = ({ onClose }: { onClose: () => void }) => {
  const [captured] = useState(() => ({ pageUrl: window.location.href, userAgent: navigator.userAgent }));
  const [file, setFile] = useState<File>();
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string>();
  const [reported, setReported] = useState<TIssue>();
  const report = useReportIssue();
  const [form] = Form.useForm<TReportForm>();

  const onFinish = async (values: TReportForm) => {
    setError(undefined);
    try {
      setIsUploading(Boolean(file));
      const fileId = file ? (await uploadFile(file))._id : undefined;
      setIsUploading(false);
      setReported(
        await report.mutateAsync({
          title: values.title,
          description: values.description ?? '',
          severity: values.severity,
          ...captured,
          ...(fileId ? { fileId } : {}),
        }),
      );
    } catch (failure) {
      setIsUploading(false);
      setError(toErrorMessage(failure));
    }
  };

  if (reported) {
    return (
      <Modal
        open
        title="Report a problem"
        onCancel={onClose}
        footer={<Button onClick={onClose}>Close</Button>}
      >
        <Result
          status="success"
          title={issueMessages.reported}
          subTitle={
            <>
              You will hear of every change.{' '}
              <Link to={paths.issueDetail.href({ id: reported._id })} onClick={onClose}>
                View the issue
              </Link>
            </>
          }
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      title="Report a problem"
      okText="Send report"
      onOk={() => form.submit()}
      confirmLoading={isUploading || report.isPending}
      onCancel={onClose}
      afterOpenChange={focusFieldOnOpen(form, 'title')}
      destroyOnHidden
    >
      <Form<TReportForm>
        form={form}
        layout="vertical"
        initialValues={{ severity: 'medium' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="title"
          label="Title"
          rules={[
            { required: true, whitespace: true, message: 'Say in a few words what went wrong' },
            { max: issueRules.maxTitleLength },
          ]}
        >
          <Input autoFocus maxLength={issueRules.maxTitleLength} />
        </Form.Item>
        <Form.Item
          name="description"
          label="What happened"
          rules={[{ max: issueRules.maxDescriptionLength }]}
        >
          <Input.TextArea rows={4} maxLength={issueRules.maxDescriptionLength} />
        </Form.Item>
        <Form.Item name="severity" label="Severity">
          <Select options={issueSeverities.map((value) => ({ value, label: severityLabels[value] }))} />
        </Form.Item>
        <Form.Item label="Screenshot or file (optional)" htmlFor="report-problem-file">
          <input
            id="report-problem-file"
            type="file"
            onChange={(event) => setFile(event.target.files?.[0])}
          />
        </Form.Item>
        <Descriptions size="small" column={1} title="Sent with your report" bordered>
          <Descriptions.Item label="Page">
            <span style={{ wordBreak: 'break-all' }}>{captured.pageUrl}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Browser">
            <span style={{ wordBreak: 'break-all' }}>{captured.userAgent}</span>
          </Descriptions.Item>
        </Descriptions>
        {error && <Alert style={{ marginTop: 16 }} type="error" showIcon message={error} />}
      </Form>
    </Modal>
  );
};
