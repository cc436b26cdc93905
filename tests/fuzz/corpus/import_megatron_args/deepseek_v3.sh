#!/bin/bash
# DeepSeek-V3 style MoE with Multi-head Latent Attention (flags from Megatron-LM's MoE guide).
NODES=128
torchrun --nnodes "$NODES" --nproc-per-node 8 pretrain_gpt.py \
  --num-layers 61 --hidden-size 7168 --ffn-hidden-size 18432 --num-attention-heads 128 \
  --multi-latent-attention --q-lora-rank 1536 --kv-lora-rank 512 --qk-head-dim 128 \
  --qk-pos-emb-head-dim 64 --v-head-dim 128 --kv-channels 56 \
  --seq-length 4096 --max-position-embeddings 4096 --position-embedding-type rope \
  --swiglu --untie-embeddings-and-output-weights --vocab-size 129280 \
  --num-experts 256 --moe-router-topk 8 --moe-ffn-hidden-size 2048 \
  --moe-shared-expert-intermediate-size 2048 --moe-layer-freq "([0]*3+[1]*58)" \
  --moe-router-score-function sigmoid --moe-router-enable-expert-bias --mtp-num-layers 1 \
  --tensor-model-parallel-size 1 --pipeline-model-parallel-size 1 --expert-model-parallel-size 64 \
  --use-distributed-optimizer --micro-batch-size 1 --global-batch-size 15360 \
  --bf16 --train-iters 1000
