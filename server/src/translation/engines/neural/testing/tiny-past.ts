import { floatTensor, input, intTensor, model, node } from './onnx-writer.ts';

/**
 * The key/value-cache side of a tiny model, in Optimum's seq2seq naming: the outputs decoder_model.onnx
 * adds (present.0.decoder.key/value, present.0.encoder.key/value) and decoder_with_past_model.onnx, which
 * takes only the newest token and the past. The tiny "cache" is what the toy decoder needs: per past
 * token its target-language gate ([B, 1, P, K]: the past length is the position), and the encoder
 * output ([B, 1, S, K*V]).
 */
export interface PastSpec {
  V: number;
  K: number;
  /** [V * K]: token -> target block (ones for K = 1). */
  gate: Float32Array;
  bigram: Float32Array;
}

/** Nodes and outputs decoder_model.onnx adds (needs `gate_tokens` = Gather(gate, input_ids) and `axis_1`). */
export function presentNodes(K: number, KV: number): { nodes: ReturnType<typeof node>[]; outputs: ReturnType<typeof input>[] } {
  return {
    nodes: [
      node('Unsqueeze', ['gate_tokens', 'axis_1'], ['present.0.decoder.key']),
      node('Identity', ['present.0.decoder.key'], ['present.0.decoder.value']),
      node('Unsqueeze', ['encoder_hidden_states', 'axis_1'], ['present.0.encoder.key']),
      node('Identity', ['present.0.encoder.key'], ['present.0.encoder.value']),
    ],
    outputs: [
      input('present.0.decoder.key', 'float', ['batch_size', 1, 'decoder_sequence_length', K]),
      input('present.0.decoder.value', 'float', ['batch_size', 1, 'decoder_sequence_length', K]),
      input('present.0.encoder.key', 'float', ['batch_size', 1, 'encoder_sequence_length', KV]),
      input('present.0.encoder.value', 'float', ['batch_size', 1, 'encoder_sequence_length', KV]),
    ],
  };
}

export function decoderWithPast(s: PastSpec): Uint8Array {
  const { V, K } = s;
  const nodes = [
    node('Gather', ['gate', 'input_ids'], ['new_gate'], { axis: 0 }),
    node('Unsqueeze', ['new_gate', 'axis_1'], ['new_gate_4d']),
    node('Concat', ['past_key_values.0.decoder.key', 'new_gate_4d'], ['present.0.decoder.key'], { axis: 2 }),
    node('Identity', ['present.0.decoder.key'], ['present.0.decoder.value']),
    node('Shape', ['past_key_values.0.decoder.key'], ['past_shape']),
    node('Gather', ['past_shape', 'two'], ['past_len'], { axis: 0 }),
    node('Shape', ['past_key_values.0.encoder.key'], ['enc_shape']),
    node('Gather', ['enc_shape', 'two'], ['src_len'], { axis: 0 }),
    node('Sub', ['src_len', 'one'], ['src_last']),
    node('Min', ['past_len', 'src_last'], ['position']),
    node('Reshape', ['position', 'shape_1'], ['position_1d']),
    node('Squeeze', ['past_key_values.0.encoder.key', 'axis_1'], ['enc']),
    node('Gather', ['enc', 'position_1d'], ['aligned'], { axis: 1 }),
    node('Gather', ['bigram', 'input_ids'], ['bigram_logits'], { axis: 0 }),
  ];
  // One target language: the row as it is; several: the block of the language token among the past ones.
  if (K === 1) nodes.push(node('Add', ['aligned', 'bigram_logits'], ['logits']));
  else {
    nodes.push(
      node('ReduceSum', ['present.0.decoder.key', 'axis_2'], ['gate_sum'], { keepdims: 0 }),
      node('Unsqueeze', ['gate_sum', 'axis_3'], ['gate_4d']),
      node('Reshape', ['aligned', 'blocks_shape'], ['aligned_4d']),
      node('Mul', ['aligned_4d', 'gate_4d'], ['gated']),
      node('ReduceSum', ['gated', 'axis_2'], ['selected'], { keepdims: 0 }),
      node('Add', ['selected', 'bigram_logits'], ['logits']),
    );
  }
  return model({
    nodes,
    initializers: [
      floatTensor('gate', [V, K], s.gate), floatTensor('bigram', [V, V], s.bigram),
      intTensor('one', [], [1]), intTensor('two', [], [2]), intTensor('shape_1', [1], [1]),
      intTensor('axis_1', [1], [1]),
      ...(K === 1 ? [] : [intTensor('axis_2', [1], [2]), intTensor('axis_3', [1], [3]), intTensor('blocks_shape', [4], [0, 0, K, V])]),
    ],
    inputs: [
      input('input_ids', 'int64', ['batch_size', 1]),
      input('encoder_attention_mask', 'int64', ['batch_size', 'encoder_sequence_length']),
      input('past_key_values.0.decoder.key', 'float', ['batch_size', 1, 'past_decoder_sequence_length', K]),
      input('past_key_values.0.decoder.value', 'float', ['batch_size', 1, 'past_decoder_sequence_length', K]),
      input('past_key_values.0.encoder.key', 'float', ['batch_size', 1, 'encoder_sequence_length', K * V]),
      input('past_key_values.0.encoder.value', 'float', ['batch_size', 1, 'encoder_sequence_length', K * V]),
    ],
    outputs: [
      input('logits', 'float', ['batch_size', 1, V]),
      input('present.0.decoder.key', 'float', ['batch_size', 1, 'past_decoder_sequence_length + 1', K]),
      input('present.0.decoder.value', 'float', ['batch_size', 1, 'past_decoder_sequence_length + 1', K]),
    ],
  });
}
