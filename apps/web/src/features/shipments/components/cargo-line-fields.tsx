import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { shipmentRules } from '@cargodesk/shared';
import { Button, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { dangerousGoodsClassOptions, packageTypeOptions } from '../cargo-labels.ts';
import { cargoRules, dangerousGoodsRules } from '../cargo-rules.ts';

// One cargo line of the cargo form: packages, goods, weight and volume, dangerous goods, and by
// air the measured pieces the volume weight comes from.

const decimalInput = { inputMode: 'decimal', autoComplete: 'off' } as const;

/** By air: pieces × length × width × height in cm, one row per size of piece. */
const DimensionLines = ({ lineIndex }: { lineIndex: number }) => (
  <Form.List name={[lineIndex, 'dimensions']}>
    {(rows, { add, remove }) => (
      <fieldset className="cargo-form__dimensions" aria-label={`Dimensions of line ${lineIndex + 1}`}>
        <Typography.Text strong>Dimensions</Typography.Text>
        <Typography.Text type="secondary"> pieces × length × width × height, in cm</Typography.Text>
        {rows.map((row) => (
          <Row gutter={8} key={row.key} align="top" wrap={false} style={{ marginTop: 4 }}>
            {(
              [
                ['pieces', 'Pieces'],
                ['lengthCm', 'Length'],
                ['widthCm', 'Width'],
                ['heightCm', 'Height'],
              ] as const
            ).map(([name, label]) => (
              <Col flex="1 1 0" key={name} style={{ minWidth: 0 }}>
                <Form.Item
                  name={[row.name, name]}
                  label={label}
                  rules={[cargoRules[name]]}
                  style={{ marginBottom: 8 }}
                >
                  <Input {...decimalInput} />
                </Form.Item>
              </Col>
            ))}
            <Col flex="none" style={{ paddingTop: 30 }}>
              <Button
                type="text"
                icon={<MinusCircleOutlined />}
                aria-label={`Remove dimensions ${row.name + 1} of line ${lineIndex + 1}`}
                onClick={() => remove(row.name)}
              />
            </Col>
          </Row>
        ))}
        <div style={{ marginTop: 4 }}>
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={rows.length >= shipmentRules.dimensionLinesMax}
            onClick={() => add({ pieces: '1' })}
          >
            Add dimensions
          </Button>
        </div>
      </fieldset>
    )}
  </Form.List>
);

/** A cargo line's fields inside the form's `lines` list, at `index`. */
export const CargoLineFields = ({
  index,
  isAir,
  onRemove,
}: {
  index: number;
  isAir: boolean;
  onRemove: () => void;
}) => {
  const form = Form.useFormInstance();
  const dangerousGoods = dangerousGoodsRules(form, index);
  return (
    <fieldset className="cargo-form__group" aria-labelledby={`cargo-line-${index}`}>
      <Flex justify="space-between" align="center" gap="small">
        <Typography.Text strong id={`cargo-line-${index}`}>
          Cargo line {index + 1}
        </Typography.Text>
        <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove}>
          Remove line {index + 1}
        </Button>
      </Flex>
      <Row gutter={12}>
        <Col xs={8} md={4}>
          <Form.Item name={[index, 'packageCount']} label="Packages" rules={[cargoRules.packageCount]}>
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={16} md={6}>
          <Form.Item name={[index, 'packageType']} label="Package type" rules={[cargoRules.packageType]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Carton, pallet …"
              options={packageTypeOptions}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={14}>
          <Form.Item name={[index, 'description']} label="Description" rules={[cargoRules.description]}>
            <Input maxLength={shipmentRules.cargoDescriptionMax} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item name={[index, 'hsCode']} label="HS code" rules={[cargoRules.hsCode]}>
            <Input placeholder="8714.91" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item
            name={[index, 'grossWeightKg']}
            label="Gross weight (kg)"
            rules={[cargoRules.grossWeightKg]}
          >
            <Input {...decimalInput} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name={[index, 'volumeM3']} label="Volume (m³)" rules={[cargoRules.volumeM3]}>
            <Input {...decimalInput} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name={[index, 'dangerousGoodsUnNumber']}
            label="UN number"
            rules={[dangerousGoods.unNumber]}
            dependencies={[['lines', index, 'dangerousGoodsClass']]}
          >
            <Input placeholder="UN 1263" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name={[index, 'dangerousGoodsClass']}
            label="Hazard class"
            rules={[dangerousGoods.dangerousClass]}
            dependencies={[['lines', index, 'dangerousGoodsUnNumber']]}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Not dangerous"
              options={dangerousGoodsClassOptions}
            />
          </Form.Item>
        </Col>
      </Row>
      {isAir && <DimensionLines lineIndex={index} />}
    </fieldset>
  );
};
