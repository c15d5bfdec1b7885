import onnxProto, { type onnx as OnnxTypes } from 'onnx-proto';

/**
 * A few helpers over the ONNX protobuf definitions (onnx-proto) to write tiny graphs: enough for the
 * test models of the neural engine, not a general ONNX builder.
 */
const { onnx } = onnxProto;
type ITensorProto = OnnxTypes.ITensorProto;
type IValueInfoProto = OnnxTypes.IValueInfoProto;
type INodeProto = OnnxTypes.INodeProto;
type IAttributeProto = OnnxTypes.IAttributeProto;

const FLOAT = onnx.TensorProto.DataType.FLOAT;
const INT64 = onnx.TensorProto.DataType.INT64;

export type Dim = number | string;

export function floatTensor(name: string, dims: number[], values: Float32Array | number[]): ITensorProto {
  const data = values instanceof Float32Array ? values : Float32Array.from(values);
  return { name, dims, dataType: FLOAT, rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

export function intTensor(name: string, dims: number[], values: number[]): ITensorProto {
  return { name, dims, dataType: INT64, int64Data: values };
}

export function input(name: string, type: 'float' | 'int64', dims: Dim[]): IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType: type === 'float' ? FLOAT : INT64,
        shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
      },
    },
  };
}

type Attr = number | number[] | ITensorProto;

export function node(opType: string, inputs: string[], outputs: string[], attrs: Record<string, Attr> = {}): INodeProto {
  const attribute: IAttributeProto[] = Object.entries(attrs).map(([name, v]) => {
    if (typeof v === 'number') return { name, type: onnx.AttributeProto.AttributeType.INT, i: v };
    if (Array.isArray(v)) return { name, type: onnx.AttributeProto.AttributeType.INTS, ints: v };
    return { name, type: onnx.AttributeProto.AttributeType.TENSOR, t: v };
  });
  return { opType, input: inputs, output: outputs, attribute, name: `${opType}_${outputs[0]}` };
}

export function model(graph: {
  nodes: INodeProto[]; initializers: ITensorProto[]; inputs: IValueInfoProto[]; outputs: IValueInfoProto[];
}): Uint8Array {
  return onnx.ModelProto.encode({
    irVersion: 8,
    producerName: 'parley-tiny-models',
    opsetImport: [{ domain: '', version: 17 }],
    graph: { name: 'tiny', node: graph.nodes, initializer: graph.initializers, input: graph.inputs, output: graph.outputs },
  }).finish();
}
