#!/bin/bash
torchrun --nnodes=2 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint="${MASTER_ADDR:-localhost}:29500" \
  train.py --deepspeed --deepspeed_config ds_config.json --model_name_or_path meta-llama/Llama-3.1-8B
