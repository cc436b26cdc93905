#!/bin/bash
# Mixtral 8x7B on 8 nodes × 8 H100: expert parallelism, context parallelism, FP8.
GPUS_PER_NODE=8
NNODES=8
MOE_ARGS="--num-experts 8 --moe-router-topk 2 --moe-ffn-hidden-size 14336 --moe-layer-freq 1 \
  --moe-router-load-balancing-type aux_loss --moe-aux-loss-coeff 1e-2 --moe-grouped-gemm \
  --moe-token-dispatcher-type alltoall"
torchrun --nproc-per-node=$GPUS_PER_NODE --nnodes=$NNODES --rdzv-backend=c10d \
  --rdzv-endpoint="${MASTER_ADDR}:29500" --rdzv-id="${SLURM_JOB_ID}" \
  "${MEGATRON_DIR:-/opt/megatron}/pretrain_gpt.py" \
  --num-layers 32 --hidden-size 4096 --ffn-hidden-size 14336 --num-attention-heads 32 \
  --group-query-attention --num-query-groups 8 --seq-length 4096 --max-position-embeddings 32768 \
  --position-embedding-type rope --swiglu --untie-embeddings-and-output-weights --normalization RMSNorm \
  --vocab-size 32000 \
  $MOE_ARGS \
  --tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 --context-parallel-size 2 \
  --expert-model-parallel-size 8 --sequence-parallel --use-distributed-optimizer \
  --recompute-granularity full --recompute-method uniform --recompute-num-layers 1 \
  --micro-batch-size 1 --global-batch-size 256 --train-iters 100000 \
  --bf16 --fp8-format hybrid --fp8-amax-history-len 1024 --fp8-amax-compute-algo max \
  --optimizer adam --lr 1e-4 --data-path /data/mixtral_text_document \
  --tokenizer-type HuggingFaceTokenizer --tokenizer-model mistralai/Mixtral-8x7B-v0.1
