#!/bin/bash
# Single-node DDP with a team's own training script.
torchrun --standalone --nproc_per_node=8 train.py \
  --batch_size 16 --gradient_accumulation_steps 4 --bf16 --compile
