import { DeleteOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import {
  containerSuggestionOf,
  containerSuggestionText,
  type TContainerSuggestion,
} from '../cargo-form-values.ts';
import { cargoRules, containerNumberRule, uniqueContainerNumberRule } from '../cargo-rules.ts';

// One container of the cargo form. Its number is checked as typed (ISO 6346's check digit, in the
// browser): a wrong digit offers the number one character away, to take with one click or key.

/** A server refusal's suggestion, kept for the number it was about. */
export type TServerSuggestion = TContainerSuggestion & { typed: string };

const decimalInput = { inputMode: 'decimal', autoComplete: 'off' } as const;

const ContainerNumberItem = ({
  index,
  serverSuggestion,
}: {
  index: number;
  serverSuggestion: TServerSuggestion | undefined;
}) => {
  const form = Form.useFormInstance();
  const path = ['containers', index, 'number'];
  const typed = Form.useWatch(path, form) as string | undefined;
  const suggestion =
    containerSuggestionOf(typed) ??
    (serverSuggestion && serverSuggestion.typed === typed ? serverSuggestion : undefined);
  const onUse = () => {
    if (!suggestion) return;
    form.setFieldValue(path, suggestion.suggestion);
    void form.validateFields([path]);
    // The button goes with the suggestion: the cursor returns to the number it changed.
    form.focusField(path);
  };
  return (
    <Form.Item
      name={[index, 'number']}
      label="Container number"
      rules={[containerNumberRule, uniqueContainerNumberRule(form, index)]}
      validateTrigger="onBlur"
      {...(suggestion
        ? {
            validateStatus: 'error' as const,
            help: (
              <div role="alert" className="cargo-form__suggestion">
                <div>{containerSuggestionText(suggestion)}</div>
                <Button size="small" onClick={onUse}>
                  Use {suggestion.suggestion}
                </Button>
              </div>
            ),
          }
        : {})}
    >
      <Input placeholder="MSKU9070323" autoComplete="off" spellCheck={false} />
    </Form.Item>
  );
};

/** A container's fields inside the form's `containers` list, at `index`. */
export const ContainerFields = ({
  index,
  sizeTypeOptions,
  serverSuggestion,
  onRemove,
}: {
  index: number;
  sizeTypeOptions: { value: string; label: string }[];
  serverSuggestion: TServerSuggestion | undefined;
  onRemove: () => void;
}) => (
  <fieldset className="cargo-form__group" aria-labelledby={`cargo-container-${index}`}>
    <Flex justify="space-between" align="center" gap="small">
      <Typography.Text strong id={`cargo-container-${index}`}>
        Container {index + 1}
      </Typography.Text>
      <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove}>
        Remove container {index + 1}
      </Button>
    </Flex>
    <Row gutter={12}>
      <Col xs={24} md={10}>
        <ContainerNumberItem index={index} serverSuggestion={serverSuggestion} />
      </Col>
      <Col xs={24} md={14}>
        <Form.Item name={[index, 'sizeType']} label="Size-type" rules={[cargoRules.sizeType]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="22G1, 45G1 …"
            options={sizeTypeOptions}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name={[index, 'seals']}
          label="Seals"
          rules={[cargoRules.seals]}
          extra="Separate seals with commas"
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name={[index, 'tareKg']} label="Tare (kg)" rules={[cargoRules.tareKg]}>
          <Input {...decimalInput} />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item
          name={[index, 'verifiedGrossMassKg']}
          label={
            <span>
              <abbr title="Verified gross mass (SOLAS)">VGM</abbr> (kg)
            </span>
          }
          rules={[cargoRules.verifiedGrossMassKg]}
        >
          <Input {...decimalInput} />
        </Form.Item>
      </Col>
    </Row>
  </fieldset>
);
