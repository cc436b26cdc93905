#!/bin/bash
# Megatron-DeepSpeed: tensor/pipeline layout in flags, ZeRO in ds_config.json.
deepspeed --num_nodes 4 --num_gpus 8 pretrain_gpt.py \
  --num-layers 40 --hidden-size 5120 --num-attention-heads 40 --seq-length 2048 \
  --max-position-embeddings 2048 --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 \
  --micro-batch-size 2 --global-batch-size 256 --fp16 \
  --deepspeed --deepspeed_config ds_config.json --zero-stage 1 --deepspeed-activation-checkpointing \
  --recompute-granularity full
